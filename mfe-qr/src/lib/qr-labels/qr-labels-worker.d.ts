/** The URL of the label worker's script, built on its own with pdf-lib (see rspack.config.cjs). */
declare module '@qr-labels-worker' {
  const url: string;
  export default url;
}
