import { Button } from '@mantine/core';
import { TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { MessagePage } from './message-page';

/** A screen failed to load or render (for example a new release replaced its code). */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <MessagePage
      title="Something went wrong"
      icon={<TriangleAlert size={28} />}
      color="red"
      actions={<Button onClick={() => window.location.reload()}>Reload page</Button>}
    >
      This page could not be displayed. Reloading usually fixes it.
    </MessagePage>
  );
}
