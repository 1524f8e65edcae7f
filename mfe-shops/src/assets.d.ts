/** Images imported through the bundler resolve to their URL (a data: URL when small). */
declare module '*.png' {
  const url: string;
  export default url;
}
