import { useEffect, useRef, useState } from 'react';
import { COUNTER_MESSAGES, COUNTER } from '@panel/shared/page-ui';

import styles from './counter.module.css';

type CameraState = { kind: 'starting' } | { kind: 'running' } | { kind: 'failed'; text: string };

/** What the user reads when the camera cannot start; typing and the scanner still work. */
function cameraFailure(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return COUNTER_MESSAGES.cameraDenied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return COUNTER_MESSAGES.cameraMissing;
  }
  const reason = error instanceof Error ? error.message : String(error);
  return `${COUNTER_MESSAGES.cameraFailedPrefix}${reason}`;
}

function stopStream(stream: MediaStream | undefined) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The device camera, reading QR labels frame after frame (each video frame
 * where the browser tells of frames, else each animation frame; one read at
 * a time). The decoder is fetched when the camera opens; the stream stops
 * when the camera closes or the page is left. A label held in view counts
 * once; it counts again after COUNTER.cameraRepeatMs out of view.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    let closed = false;
    let stream: MediaStream | undefined;
    let lastCode = '';
    let lastAt = -Infinity;

    async function start() {
      const video = videoRef.current;
      if (!video) return;
      if (!navigator.mediaDevices?.getUserMedia) {
        const text = window.isSecureContext
          ? COUNTER_MESSAGES.cameraMissing
          : COUNTER_MESSAGES.cameraNeedsHttps;
        setState({ kind: 'failed', text });
        return;
      }
      // The decoder downloads while the user answers the permission prompt.
      const reader = import('./barcode-decoder').then((module) => module.createCodeReader());
      reader.catch(() => undefined);
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        if (closed) return stopStream(stream);
        video.srcObject = stream;
        await video.play();
        const codeReader = await reader;
        if (closed) return;
        setState({ kind: 'running' });
        let frames = 0;
        const next = () => {
          if (closed) return;
          if ('requestVideoFrameCallback' in video)
            video.requestVideoFrameCallback(() => void read());
          else requestAnimationFrame(() => void read());
        };
        const read = async () => {
          if (closed) return;
          if (video.videoWidth === 0) return next();
          let code: string | null;
          try {
            code = await codeReader.read(video);
          } catch (error) {
            // A decoder that cannot read at all (its WebAssembly refused, say) says so once.
            stopStream(stream);
            if (!closed) setState({ kind: 'failed', text: cameraFailure(error) });
            return;
          }
          // Read by the camera benchmark: frames decoded since the camera opened.
          frames += 1;
          video.dataset.frames = String(frames);
          const now = performance.now();
          if (code && !closed && (code !== lastCode || now - lastAt > COUNTER.cameraRepeatMs)) {
            onCodeRef.current(code);
          }
          if (code) {
            lastCode = code;
            lastAt = now;
          }
          next();
        };
        next();
      } catch (error) {
        stopStream(stream);
        if (!closed) setState({ kind: 'failed', text: cameraFailure(error) });
      }
    }

    void start();
    return () => {
      closed = true;
      stopStream(stream);
    };
  }, []);

  return (
    <div className={styles.camera}>
      <video
        ref={videoRef}
        className={styles.video}
        aria-label={COUNTER_MESSAGES.cameraVideoLabel}
        hidden={state.kind === 'failed'}
        muted
        playsInline
      />
      {state.kind === 'failed' ? (
        <p role="alert" className={styles.cameraError}>
          {state.text}
        </p>
      ) : (
        <p className={styles.hint} aria-live="polite">
          {state.kind === 'starting'
            ? COUNTER_MESSAGES.cameraStarting
            : COUNTER_MESSAGES.cameraHint}
        </p>
      )}
    </div>
  );
}
