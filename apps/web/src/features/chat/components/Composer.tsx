import { SendOutlined } from '@ant-design/icons';
import { CHAT_MESSAGE_MAX, TYPING_EVERY_MS } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input } from 'antd';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call.ts';
import { isHttpError } from '../../../api/client.ts';
import { errorText } from '../../../api/errors.ts';
import { randomKey } from '../../../api/randomKey.ts';
import { useRealtimeSocket } from '../../../realtime/RealtimeContext.tsx';
import { addMessages, catchUp } from '../chatQueries.ts';

/** No answer, or a proxy's answer that the console behind it went away: the same send may be tried again. */
const lostOnTheWay = (error: unknown) =>
  isHttpError(error) &&
  (error.statusCode === 0 || error.statusCode === 502 || error.statusCode === 503 || error.statusCode === 504);

/**
 * The message box: Enter or Send sends, Shift+Enter makes a new line; a blank message is not sent; at most 4,000
 * characters. Each message carries its own key, so a send whose answer was lost (an instance restarting behind the
 * proxy, the network gone) is tried again, up to 4 times, and stored once. A message that could not be sent stays in
 * the box with the reason.
 */
export function Composer({ uuid, onSent }: { uuid: string; onSent(): void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const socket = useRealtimeSocket();
  const [text, setText] = useState('');
  const lastTyping = useRef(0);
  // the key of the text being sent: the same text sent again (after a failure) keeps it
  const key = useRef<{ contents: string; clientKey: string } | undefined>(undefined);
  const send = useMutation({
    mutationFn: (contents: string) => {
      if (key.current?.contents !== contents) key.current = { contents, clientKey: randomKey() };
      const body = { contents, clientKey: key.current.clientKey };
      return call('POST /private-chat/channel/:channelUuid/messages', { params: { channelUuid: uuid }, body });
    },
    retry: (failures, error) => failures < 4 && lostOnTheWay(error),
    retryDelay: (failures) => 500 * 2 ** failures,
    onSuccess: (message) => {
      key.current = undefined;
      // read from the newest message held, this one included: a message missed meanwhile (the socket was away) is
      // not skipped by the catch-up that starts after the newest
      void catchUp(client, uuid)
        .catch(() => {})
        .finally(() => addMessages(client, uuid, [message]));
      setText((now) => (now === message.contents ? '' : now));
      // the next message's first keystroke says 'typing…' again at once
      lastTyping.current = 0;
      onSent();
    },
  });
  const blank = text.trim() === '';

  const submit = () => {
    if (blank || send.isPending) return;
    send.mutate(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  const onChange = (value: string) => {
    setText(value);
    if (send.isError) send.reset();
    const at = Date.now();
    if (value.trim() !== '' && at - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = at;
      socket?.emit('chat:typing', { channelUuid: uuid });
    }
  };

  return (
    <div className="chat-composer">
      {send.isError && (
        <Alert type="error" showIcon title={errorText(send.error, t)} className="chat-send-error" role="alert" />
      )}
      <div className="chat-composer-row">
        <Input.TextArea
          aria-label={t('chat.message')}
          placeholder={t('chat.placeholder')}
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          showCount={text.length > CHAT_MESSAGE_MAX - 500}
          autoSize={{ minRows: 1, maxRows: 6 }}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button
          type="primary"
          icon={<SendOutlined aria-hidden />}
          loading={send.isPending}
          disabled={blank}
          onClick={submit}
        >
          {t('chat.send')}
        </Button>
      </div>
    </div>
  );
}
