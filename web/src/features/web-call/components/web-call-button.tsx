import { Button, Group, Modal, Text } from '@mantine/core';
import { Headset } from 'lucide-react';
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useApiClient } from '../../../lib/services';
import { cancelWebCall, createWebCall } from '../api/web-call-config';
import { useWebCallSourceFactory } from '../sources/web-call-source-context';
import { WebCallController } from './web-call-controller';
import { WebCallPanel } from './web-call-panel';

export interface WebCallButtonProps {
  patientId: string;
  /** The patient's full name (shown in the widget header context). */
  patientName: string;
  /** The organization's name, shown in the popup header. */
  organizationName: string;
}

export const POPUP_BLOCKED_TITLE = 'Pop-up blocked';
export const POPUP_BLOCKED_TEXT =
  'Your browser blocked the web call window. Allow pop-ups for this site, then try again.';

/**
 * Web Call on the patient page (product-rules.md "Screens"): opens the 400x600 popup widget and talks to the assistant
 * about this patient from the browser. The call stops when the widget closes or the page unloads.
 */
export function WebCallButton({ patientId, patientName, organizationName }: WebCallButtonProps) {
  const api = useApiClient();
  const createSource = useWebCallSourceFactory();
  const [controller] = useState(() => new WebCallController(window));
  const widget = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);

  // Leaving the patient page stops the call.
  useEffect(() => () => controller.close(), [controller]);

  // The window closes once React has taken the widget out of it (a closing window may drop its page),
  // right after the commit that removes the portal.
  const { popup } = widget;
  useLayoutEffect(() => {
    if (!popup) return undefined;
    return () =>
      queueMicrotask(() => {
        if (!popup.closed) popup.close();
      });
  }, [popup]);

  const open = () =>
    controller.open({
      title: `Web Call: ${patientName}`,
      createCall: () => createWebCall(api, patientId),
      cancelCall: (callLogId) => cancelWebCall(api, patientId, callLogId),
      createSource,
    });

  return (
    <>
      <Button variant="light" leftSection={<Headset size={16} aria-hidden="true" />} onClick={open}>
        Web Call
      </Button>
      <Modal
        opened={widget.phase === 'blocked'}
        onClose={controller.close}
        title={POPUP_BLOCKED_TITLE}
        centered
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Text role="alert">{POPUP_BLOCKED_TEXT}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={controller.close}>
            Cancel
          </Button>
          <Button onClick={open}>Try Again</Button>
        </Group>
      </Modal>
      {widget.container &&
        createPortal(
          <WebCallPanel
            call={widget.call}
            assistantName={widget.assistantName}
            organizationName={organizationName}
            patientName={patientName}
            onToggleMute={controller.toggleMute}
            onEnd={controller.end}
          />,
          widget.container,
        )}
    </>
  );
}
