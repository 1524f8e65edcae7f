// The part of chrome-remote-interface the bare-Chromium driver uses (the
// package ships no types): one client on the browser's DevTools WebSocket,
// commands sent to a target's session, events heard by name.
declare module 'chrome-remote-interface' {
  interface Client {
    send(method: string, params?: object, sessionId?: string): Promise<Record<string, string>>;
    once(event: string, handler: (params: { payload: string }) => void): void;
    close(): Promise<void>;
  }
  function CDP(options: { target: string; local?: boolean }): Promise<Client>;
  export default CDP;
}
