import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError, MESSAGES, notify, QR, type ApiError } from '@panel/shared';

import { getQrWorkerPool, type QrZipProgress } from '../../../lib/qr-zip/qr-worker-pool';
import { saveFile } from '../../../lib/qr-zip/save-file';

export type DownloadState =
  | { phase: 'idle' }
  /** Waiting for the codes: the API is creating them, or reading a stored batch. */
  | { phase: 'loading'; total: number }
  | QrZipProgress;

export interface CodesSource {
  /** How many codes are coming, for the progress text before they arrive. */
  total: number;
  /** True when loading creates the codes, so a later failure should say they are kept. */
  creates: boolean;
  load: () => Promise<{ codes: string[]; batchId: number }>;
}

export interface QrPreview {
  url: string;
  fileName: string;
  code: string;
}

function isCancel(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** A failed call is described as the spec says (section 8); anything else by its message. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : describeError(error as ApiError).text;
}

/**
 * One zip download at a time: get the codes, render and zip them in the
 * workers with progress, save qr_codes.zip, and keep the last code's image
 * for the preview. Cancel stops the rendering; a failure is logged as the
 * spec says and also told to the user.
 */
export function useQrDownload() {
  const [state, setState] = useState<DownloadState>({ phase: 'idle' });
  const [preview, setPreview] = useState<QrPreview | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    const pool = getQrWorkerPool();
    pool.warm();
    return () => {
      running.current?.abort();
      pool.dispose();
    };
  }, []);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const start = useCallback(async (source: CodesSource) => {
    // Spec section 4: a download starts only if none is running.
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'loading', total: source.total });
    let batchId: number | null = null;
    try {
      const loaded = await source.load();
      batchId = loaded.batchId;
      controller.signal.throwIfAborted();
      const { zip, lastPng } = await getQrWorkerPool().build(loaded.codes, {
        signal: controller.signal,
        onProgress: setState,
      });
      saveFile(zip, QR.zipName);
      setPreview({
        url: URL.createObjectURL(lastPng),
        fileName: QR.fileName(loaded.codes.length),
        code: loaded.codes[loaded.codes.length - 1] as string,
      });
    } catch (error) {
      const kept = source.creates && batchId !== null ? ` ${MESSAGES.qrCodesKept(batchId)}` : '';
      if (isCancel(error)) {
        notify.info(`${MESSAGES.qrCancelled}${kept}`);
      } else {
        console.error(MESSAGES.qrGenerationFailed, error);
        notify.error(`${MESSAGES.qrGenerationFailedPrefix}${reasonOf(error)}${kept}`);
      }
    } finally {
      running.current = null;
      setState({ phase: 'idle' });
    }
  }, []);

  const cancel = useCallback(() => running.current?.abort(), []);

  return { state, busy: state.phase !== 'idle', preview, start, cancel };
}

export type QrDownload = ReturnType<typeof useQrDownload>;
