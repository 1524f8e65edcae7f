declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}

declare module '*.css';

/** Injected by the Rspack config factory: the package name and release version of the build. */
declare const __REMOTE_NAME__: string;
declare const __REMOTE_VERSION__: string;
