import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Notice } from '../../../shared/notices.ts';
import surface from '../../components/surface.module.css';
import { webConfig } from '../../lib/config.ts';
import { formatInstantDay } from '../../lib/format-date.ts';
import { formatInstantTime } from '../../lib/format-time.ts';
import classes from './notice-card.module.css';

/**
 * One notice as plain text (React escapes it), with who published it and when (spec section 2).
 * `body` stands in for the text (an admin's edit form); `actions` go under it (Edit, Delete).
 */
export function NoticeCard({ notice, body, actions }: { notice: Notice; body?: ReactNode; actions?: ReactNode }) {
  return (
    <article className={`${surface.card} ${classes.card}`} data-testid="notice-card">
      <Stack gap="md">
        {body ?? <Text className={classes.text}>{notice.notice}</Text>}
        <Group gap="sm" wrap="nowrap">
          <img
            src={notice.img || webConfig.defaultAvatar}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className={classes.avatar}
            onError={(event) => {
              // A broken link shows the default picture once, not an error loop.
              const image = event.currentTarget;
              if (!image.src.endsWith(webConfig.defaultAvatar)) image.src = webConfig.defaultAvatar;
            }}
          />
          <div>
            <Text size="sm" fw={600}>
              {notice.name}
            </Text>
            <Text component="time" dateTime={notice.date} size="sm" c="dimmed" display="block">
              {formatInstantTime(notice.date)}, {formatInstantDay(notice.date)}
            </Text>
          </div>
        </Group>
        {actions}
      </Stack>
    </article>
  );
}
