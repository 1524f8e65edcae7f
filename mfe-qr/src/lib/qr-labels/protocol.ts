import type { LabelSheetId } from './label-layout';

/**
 * Messages between the page and the label worker. Like the QR render
 * workers', the settings travel in the messages: the worker cannot load
 * @panel/shared, a federation singleton.
 */
export interface LabelsRequest {
  kind: 'labels';
  jobId: number;
  codes: string[];
  /** Each code's QR image (PNG), rendered by the QR render workers. */
  pngs: ArrayBuffer[];
  typeLabel: string;
  sheetId: LabelSheetId;
  title: string;
}

export type LabelsResponse =
  | { kind: 'built'; jobId: number; pdf: ArrayBuffer }
  | { kind: 'failed'; jobId: number; message: string };
