import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError, MESSAGES, notify, QR, type ApiError } from '@panel/shared';
import { QR_LABEL_MESSAGES } from '@panel/shared/page-ui';

import type { LabelSheetId } from '../../../lib/qr-labels/label-layout';
import { getLabelWorker } from '../../../lib/qr-labels/label-worker';
import { getQrWorkerPool, type QrZipProgress } from '../../../lib/qr-zip/qr-worker-pool';
import { saveFile } from '../../../lib/qr-zip/save-file';

export type DownloadState =
  | { phase: 'idle' }
  /** Waiting for the codes: the API is creating them, or reading a stored batch. */
  | { phase: 'loading'; total: number }
  | QrZipProgress
  /** Every label is drawn; the label worker is writing the PDF file. */
  | { phase: 'writing'; done: number; total: number };

/** What a download saves: the spec's zip of PNGs, or a PDF of label sheets (issue 32). */
export type DownloadOutput =
  { kind: 'zip' } | { kind: 'labels'; sheetId: LabelSheetId; typeLabel: string };

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

const FAILURE_TEXTS = {
  zip: {
    log: MESSAGES.qrGenerationFailed,
    prefix: MESSAGES.qrGenerationFailedPrefix,
    cancelled: MESSAGES.qrCancelled,
  },
  labels: {
    log: QR_LABEL_MESSAGES.failed,
    prefix: QR_LABEL_MESSAGES.failedPrefix,
    cancelled: QR_LABEL_MESSAGES.cancelled,
  },
};

/**
 * One download at a time: get the codes, render them in the workers, then
 * either zip them and save qr_codes.zip (keeping the last code's image for
 * the preview), or lay them out as label sheets in the label worker and save
 * the PDF; both with progress. Cancel stops the work; a failure is logged as the
 * spec says and also told to the user.
 */
export function useQrDownload() {
  const [state, setState] = useState<DownloadState>({ phase: 'idle' });
  const [output, setOutput] = useState<DownloadOutput['kind']>('zip');
  const [preview, setPreview] = useState<QrPreview | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    const pool = getQrWorkerPool();
    pool.warm();
    return () => {
      running.current?.abort();
      pool.dispose();
      getLabelWorker().dispose();
    };
  }, []);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const start = useCallback(
    async (source: CodesSource, target: DownloadOutput = { kind: 'zip' }) => {
      // Spec section 4: a download starts only if none is running.
      if (running.current) return;
      const controller = new AbortController();
      running.current = controller;
      setOutput(target.kind);
      setState({ phase: 'loading', total: source.total });
      let batchId: number | null = null;
      try {
        const loaded = await source.load();
        batchId = loaded.batchId;
        controller.signal.throwIfAborted();
        if (target.kind === 'labels') {
          const pngs = await getQrWorkerPool().render(loaded.codes, {
            signal: controller.signal,
            onProgress: setState,
          });
          const total = pngs.length;
          setState({ phase: 'writing', done: total, total });
          const pdf = await getLabelWorker().build(
            {
              codes: loaded.codes,
              pngs,
              typeLabel: target.typeLabel,
              sheetId: target.sheetId,
              title: QR_LABEL_MESSAGES.pdfTitle(loaded.batchId, target.typeLabel),
            },
            { signal: controller.signal },
          );
          saveFile(pdf, QR_LABEL_MESSAGES.fileName(loaded.batchId, target.sheetId));
          return;
        }
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
        const texts = FAILURE_TEXTS[target.kind];
        const kept = source.creates && batchId !== null ? ` ${MESSAGES.qrCodesKept(batchId)}` : '';
        if (isCancel(error)) {
          notify.info(`${texts.cancelled}${kept}`);
        } else {
          console.error(texts.log, error);
          notify.error(`${texts.prefix}${reasonOf(error)}${kept}`);
        }
      } finally {
        running.current = null;
        setState({ phase: 'idle' });
      }
    },
    [],
  );

  const cancel = useCallback(() => running.current?.abort(), []);

  return { state, output, busy: state.phase !== 'idle', preview, start, cancel };
}

export type QrDownload = ReturnType<typeof useQrDownload>;
