import { Box } from '@mantine/core';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { isChromelessPath } from './layout.utils';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The root route: header, main and footer landmarks; token pages get `main` only. */
export function AppLayout() {
  const { pathname } = useLocation();
  const withChrome = !isChromelessPath(pathname);
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      {withChrome && (
        <a
          className="skip-link"
          href="#main-content"
          onClick={(event) => {
            event.preventDefault();
            document.getElementById('main-content')?.focus();
          }}
        >
          Skip to main content
        </a>
      )}
      {withChrome && <SiteHeader />}
      <Box component="main" id="main-content" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      {withChrome && <SiteFooter />}
      <ScrollRestoration />
    </Box>
  );
}
