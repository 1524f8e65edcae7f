/**
 * The QR page's label sheets (issue 32): texts of a logged-in page, served
 * with @panel/shared/page-ui, not with MESSAGES (the login page's budget).
 */
export const QR_LABEL_MESSAGES = {
  sheetLabel: 'Label sheet',
  sheetHint: 'For every “Download labels (PDF)” on this page.',
  sheets: {
    'a4-3x8': 'A4 · 3 × 8 labels, 70 × 37 mm',
    'letter-3x10': 'US Letter · 3 × 10 labels, Avery 5160 (2⅝ × 1 in)',
  },
  download: 'Download labels (PDF)',
  downloadShort: 'Labels (PDF)',
  downloadForBatch: (batchId: number) => `Download labels (PDF), batch #${batchId}`,
  progressTitle: 'Building QR labels',
  writing: (labels: string) => `Writing ${labels} labels into the PDF…`,
  fileName: (batchId: number, sheetId: string) => `qr_labels_batch_${batchId}_${sheetId}.pdf`,
  pdfTitle: (batchId: number, typeLabel: string) => `QR labels, batch #${batchId}, ${typeLabel}`,
  failed: 'Error generating QR labels',
  failedPrefix: 'Error generating QR labels, reason: ',
  cancelled: 'QR label download cancelled.',
} as const;
