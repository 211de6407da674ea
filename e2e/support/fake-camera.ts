import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import QRCode from 'qrcode';
import type { Session } from './accounts.ts';
import { baseURL, reducedMotion } from './browser.ts';
import { chromiumArgs, findChromium } from './chromium.ts';

const WIDTH = 320;
const HEIGHT = 240;
const FRAMES = 10;

/**
 * A video file a fake camera plays, showing the QR code of `text` as a phone's screen would hold it up:
 * drawn by `qrcode` (the library the pass uses) with medium error correction and a quiet zone of four
 * modules, scaled to whole pixels, centred on white, in Y4M (4:2:0, full-range luma: black 0, white 255,
 * no colour), ten frames at 10 per second. Chromium loops it.
 */
export function qrVideo(text: string): string {
  const code = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = code.modules.size;
  const quiet = 4;
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (size + 2 * quiet));
  if (scale < 3) throw new Error(`a code of ${size} modules is too big for ${WIDTH}×${HEIGHT}`);
  const drawn = (size + 2 * quiet) * scale;
  const left = Math.floor((WIDTH - drawn) / 2) + quiet * scale;
  const top = Math.floor((HEIGHT - drawn) / 2) + quiet * scale;
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (!code.modules.get(row, col)) continue;
      for (let y = 0; y < scale; y += 1)
        luma.fill(0, (top + row * scale + y) * WIDTH + left + col * scale, (top + row * scale + y) * WIDTH + left + (col + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = path.join(tmpdir(), `door-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.y4m`);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: FRAMES }, () => frame)]),
  );
  return file;
}

const cameraBrowsers: Browser[] = [];

/** Closes the browsers pageWithCamera started: call it in the file's afterAll. */
export async function closeCameraBrowsers(): Promise<void> {
  await Promise.all(cameraBrowsers.splice(0).map((browser) => browser.close()));
}

/**
 * A page of its own Chromium whose camera is the video `file` (the shared browser has no camera: its
 * flags are fixed when it starts), signed in as `session`, the camera allowed as if the person had said
 * yes. Closed by closeCameraBrowsers.
 */
export async function pageWithCamera(session: Session, file: string): Promise<Page> {
  const browser = await chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
    ],
  });
  cameraBrowsers.push(browser);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, reducedMotion });
  await context.grantPermissions(['camera'], { origin: baseURL });
  await context.addCookies([{ ...session.cookie, url: baseURL }]);
  return context.newPage();
}
