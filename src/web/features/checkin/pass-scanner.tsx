import { Group, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import classes from './checkin.module.css';
import type { QrReader } from './qr-reader.ts';

type CameraState = 'off' | 'starting' | 'on' | 'refused' | 'absent' | 'failed';

/** How often a frame is read: enough for a pass held up for a moment, light on a phone's battery. */
const READ_EVERY_MS = 150;

function problemOf(error: unknown): CameraState {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'absent';
  return 'failed';
}

/**
 * 'Scan passes': the back camera into a video, read for QR codes by the browser's BarcodeDetector or
 * ZXing (loaded only now, in its own chunk). Every code read goes to `onScan`; the camera stops with
 * 'Stop camera' and when the page is left.
 */
export function PassScanner({ onScan }: { onScan: (text: string) => void }) {
  const { t } = useTranslation('manage');
  const [state, setState] = useState<CameraState>('off');
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  const stop = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  }, []);

  useEffect(() => stop, [stop]);

  async function start() {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('absent');
      return;
    }
    setState('starting');
    let reader: QrReader;
    try {
      const [camera, loaded] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        import('./qr-reader.ts').then((module) => module.makeQrReader()),
      ]);
      stream.current = camera;
      reader = loaded;
    } catch (error) {
      stop();
      setState(problemOf(error));
      return;
    }
    const element = video.current;
    if (!element) return stop();
    element.srcObject = stream.current;
    await element.play().catch(() => undefined);
    setState('on');
    const read = async () => {
      if (!stream.current) return;
      if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const codes = await reader.detect(element).catch(() => []);
        for (const code of codes) if (code.rawValue) onScanRef.current(code.rawValue);
      }
      if (stream.current) timer.current = window.setTimeout(read, READ_EVERY_MS);
    };
    void read();
  }

  const cameraProblems: Partial<Record<CameraState, { title: string; text: string }>> = {
    refused: { title: t('scanner.refusedTitle'), text: t('scanner.refusedText') },
    absent: { title: t('scanner.absentTitle'), text: t('scanner.absentText') },
    failed: { title: t('scanner.failedTitle'), text: t('scanner.failedText') },
  };
  const problem = cameraProblems[state];
  const running = state === 'on' || state === 'starting';
  return (
    <Stack gap="sm">
      <Group gap="sm">
        {running ? (
          <Button
            variant="default"
            onClick={() => {
              stop();
              setState('off');
            }}
          >
            {t('scanner.stop')}
          </Button>
        ) : (
          <Button onClick={() => void start()}>{t('scanner.scan')}</Button>
        )}
        {state === 'starting' && (
          <Text size="sm" role="status">
            {t('scanner.starting')}
          </Text>
        )}
        {state === 'on' && <Text size="sm">{t('scanner.hold')}</Text>}
      </Group>
      {/* The camera's picture: no sound, no controls; shown only while the camera runs. */}
      <video ref={video} className={classes.video} muted playsInline aria-label={t('scanner.video')} hidden={!running} />
      {problem && (
        <div role="alert" className={classes.cameraProblem} data-tone={state === 'failed' ? 'invalid' : 'already'}>
          <strong>{problem.title}</strong>
          <div>{problem.text}</div>
        </div>
      )}
    </Stack>
  );
}
