// Synthesises Vigil's alert chime: two bell-like partials (E6 then A6) with soft attack and
// exponential decay, 16-bit mono WAV at 22.05 kHz. Run: node make-chime.mjs <out.wav>
import { writeFileSync } from 'node:fs';

const rate = 22050;
const seconds = 0.9;
const samples = Math.round(rate * seconds);
const notes = [
  { freq: 1318.5, start: 0, gain: 0.55 },
  { freq: 1760.0, start: 0.22, gain: 0.5 },
];

const pcm = new Int16Array(samples);
for (let i = 0; i < samples; i++) {
  const t = i / rate;
  let v = 0;
  for (const n of notes) {
    const dt = t - n.start;
    if (dt < 0) continue;
    const attack = Math.min(1, dt / 0.006);
    const env = attack * Math.exp(-dt * 5.5);
    // A quiet octave partial gives the tone a bell's shimmer without sounding like a siren.
    v += n.gain * env * (Math.sin(2 * Math.PI * n.freq * dt) + 0.18 * Math.sin(4 * Math.PI * n.freq * dt));
  }
  const fadeOut = Math.min(1, (seconds - t) / 0.05);
  pcm[i] = Math.max(-1, Math.min(1, v * 0.7 * fadeOut)) * 32767;
}

const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + pcm.byteLength, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20);
header.writeUInt16LE(1, 22);
header.writeUInt32LE(rate, 24);
header.writeUInt32LE(rate * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write('data', 36);
header.writeUInt32LE(pcm.byteLength, 40);
writeFileSync(process.argv[2] ?? 'chime.wav', Buffer.concat([header, Buffer.from(pcm.buffer)]));
