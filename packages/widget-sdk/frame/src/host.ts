import {
  acceptMessage,
  createWidgetMessage,
  type FrameToHostMessage,
  type HostToFrameMessage,
  WIDGET_MESSAGE_SOURCE,
} from '@domain-broker/shared/widget-contract';

export interface HostTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

export interface HostChannel {
  post<T extends FrameToHostMessage['type']>(
    type: T,
    payload: Extract<FrameToHostMessage, { type: T }>['payload'],
  ): void;
  dispose(): void;
}

/**
 * The frame's side of the protocol, opened only after `checkAccess` said yes.
 * Posts go to `origin` exactly (never '*'); messages are heard only from `target` (the parent window),
 * on `origin`, with our instance id, and valid against the shared schema.
 */
export function connectHost(
  win: Window,
  target: HostTarget,
  origin: string,
  instanceId: string,
  onMessage: (message: HostToFrameMessage) => void,
  onUnreadable: () => void = () => {},
): HostChannel {
  const post: HostChannel['post'] = (type, payload) =>
    target.postMessage(createWidgetMessage<FrameToHostMessage>(type, instanceId, payload), origin);

  const listener = (event: MessageEvent) => {
    const message = acceptMessage(event, { origin, source: target, direction: 'to-frame', instanceId });
    if (message) return onMessage(message);
    // Our host, speaking our protocol, but saying something we cannot read: tell it, once per message.
    const data = event.data as { source?: unknown } | null;
    if (event.source === target && event.origin === origin && data?.source === WIDGET_MESSAGE_SOURCE) {
      post('error', { reason: 'bad-message' });
      onUnreadable();
    }
  };
  win.addEventListener('message', listener);
  return { post, dispose: () => win.removeEventListener('message', listener) };
}
