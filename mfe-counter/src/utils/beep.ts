let context: AudioContext | undefined;

/**
 * A short tone through WebAudio: high for a code taken, low for a refusal,
 * so staff hear the outcome without looking. No audio file to download; a
 * browser without WebAudio stays silent.
 */
export function beep(kind: 'success' | 'error'): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = kind === 'success' ? 'sine' : 'square';
  oscillator.frequency.value = kind === 'success' ? 1320 : 220;
  gain.gain.value = 0.08;
  oscillator.connect(gain).connect(context.destination);
  const length = kind === 'success' ? 0.09 : 0.25;
  oscillator.start();
  oscillator.stop(context.currentTime + length);
}
