import { NOTICE_SECONDS, NOTICE_TOP_PX } from '@it4u/shared';
import { notification } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';

type NotificationApi = ReturnType<typeof notification.useNotification>[0];

const NoticeContext = createContext<NotificationApi | null>(null);

/**
 * Notices top right, 3 s, 70 px from the top, reading the theme and locale of the tree. Each pauses while the pointer
 * is on it; they are not stacked: a stack pauses every notice while the pointer is on the list, and the list missed
 * the pointer's leaving when the notice under it closed itself (its "Open" clicked), keeping the others for good.
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [api, holder] = notification.useNotification({
    placement: 'topRight',
    top: NOTICE_TOP_PX,
    duration: NOTICE_SECONDS,
    stack: false,
  });
  return (
    <NoticeContext.Provider value={api}>
      {holder}
      {children}
    </NoticeContext.Provider>
  );
}

export function useNotificationApi(): NotificationApi {
  const api = useContext(NoticeContext);
  if (!api) throw new Error('useNotice needs a NoticeProvider above it.');
  return api;
}
