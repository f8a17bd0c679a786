import type { WebCallCreatedResponse } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import type { WebCallSourceFactory } from '../sources/web-call-source-factory';
import type { WebCallEvents, WebCallSource } from '../sources/web-call-source';
import { openCentredPopup, writePopupPage } from './popup-page';
import {
  configErrorMessage,
  errorMessageOf,
  INITIAL_WEB_CALL_STATE,
  isCallActive,
  isInCall,
  webCallReducer,
  type WebCallAction,
  type WebCallState,
} from './web-call-widget.utils';

/** product-rules.md "Limits": the page is written 100 ms after the window opens, the call set up 500 ms after that. */
export const WRITE_PAGE_DELAY_MS = 100;
export const INITIALISE_DELAY_MS = 500;
/** product-rules.md "Calls": the window closes 2 s after the call ends. */
export const CLOSE_AFTER_END_MS = 2000;
/** How often the opener checks whether someone closed the window by hand. */
export const POPUP_WATCH_INTERVAL_MS = 500;

export interface WebCallSession {
  /** The popup's title. */
  title: string;
  /** Asks the server to create the call (its log, and the vendor's call). */
  createCall: () => Promise<WebCallCreatedResponse>;
  /** Cancels the call's log: the widget closed before the call started. */
  cancelCall: (callLogId: string) => Promise<unknown>;
  createSource: WebCallSourceFactory;
}

export interface WebCallSnapshot {
  /** `blocked`: the browser refused to open the window. */
  phase: 'closed' | 'blocked' | 'open';
  /** The open window; the view closes it once it has taken its content out (see `WebCallButton`). */
  popup: Window | null;
  /** Where the popup's content renders, once its page is written. */
  container: HTMLElement | null;
  /** From the backend's answer, once it has created the call. */
  assistantName: string | null;
  call: WebCallState;
}

const CLOSED: WebCallSnapshot = {
  phase: 'closed',
  popup: null,
  container: null,
  assistantName: null,
  call: INITIAL_WEB_CALL_STATE,
};

type CreateResult = { ok: true; call: WebCallCreatedResponse } | { ok: false; error: unknown };

/**
 * The widget's lifecycle, outside React so the popup, the timers and the call source have one
 * owner: open the window, write its page, set up the call, follow the source's events through
 * `webCallReducer`, and tear everything down when the widget closes or the page unloads.
 */
export class WebCallController {
  private snapshot = CLOSED;
  private readonly subscribers = new Set<() => void>();
  private popup: Window | null = null;
  private source: WebCallSource | null = null;
  private detachSource: (() => void) | null = null;
  private readonly timeouts = new Set<ReturnType<typeof setTimeout>>();
  private watch: ReturnType<typeof setInterval> | null = null;
  /** Bumped on every open and close: work begun for an earlier window stops when it resumes. */
  private generation = 0;
  /** The call created for the open window until it starts: closing the window before then cancels it. */
  private unstarted: { callLogId: string; cancel: (callLogId: string) => Promise<unknown> } | null = null;

  constructor(private readonly opener: Window) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  };

  readonly getSnapshot = (): WebCallSnapshot => this.snapshot;

  /** Opens the widget (must run in the click handler, or the browser blocks the window). */
  readonly open = (session: WebCallSession): void => {
    if (this.snapshot.phase === 'open' && this.popup && !this.popup.closed) {
      this.popup.focus();
      return;
    }
    this.close();
    const popup = openCentredPopup(this.opener);
    if (!popup) {
      this.set({ ...CLOSED, phase: 'blocked' });
      return;
    }
    const generation = ++this.generation;
    this.popup = popup;
    // Created at once so the header can name the assistant; the call is joined at its time. Never
    // aborted: a call created for a window closed meanwhile is cancelled once its id is known.
    const created: Promise<CreateResult> = session.createCall().then(
      (call) => ({ ok: true, call }),
      (error: unknown) => ({ ok: false, error }),
    );
    void created.then((result) => {
      if (!result.ok) return;
      const unstarted = { callLogId: result.call.callLogId, cancel: session.cancelCall };
      if (generation !== this.generation) return void cancelQuietly(unstarted);
      this.unstarted = unstarted;
      this.set({ ...this.snapshot, assistantName: result.call.assistantName });
    });
    this.opener.addEventListener('pagehide', this.unload);
    this.opener.addEventListener('beforeunload', this.unload);
    this.watch = setInterval(() => {
      if (popup.closed) this.close();
    }, POPUP_WATCH_INTERVAL_MS);
    this.set({ ...CLOSED, phase: 'open', popup });

    this.after(WRITE_PAGE_DELAY_MS, () => {
      if (popup.closed) return this.close();
      const container = writePopupPage(popup, session.title);
      // Writing the page dropped the window's listeners: closing it by hand ends the call at once.
      popup.addEventListener('pagehide', this.close);
      this.set({ ...this.snapshot, container });
      this.after(INITIALISE_DELAY_MS, () => void this.initialise(generation, created, session.createSource));
    });
  };

  /** End Call: stops a call under way and closes 2 s later; otherwise closes now. */
  readonly end = (): void => {
    if (!isCallActive(this.snapshot.call.status)) {
      this.close();
      return;
    }
    this.generation += 1; // a call still being set up is not started
    this.releaseSource();
    this.dispatch({ type: 'call-end' });
    this.after(CLOSE_AFTER_END_MS, this.close);
  };

  readonly toggleMute = (): void => {
    const source = this.source;
    if (!source || !isInCall(this.snapshot.call.status)) return;
    source.setMuted(!source.isMuted());
    this.dispatch({ type: 'muted', muted: source.isMuted() });
  };

  /**
   * Stops the call and closes the widget; also dismisses the blocked-window message. The view closes
   * the window after taking its content out, so nothing is left rendering into a closed document.
   */
  readonly close = (): void => {
    this.generation += 1;
    for (const timeout of this.timeouts) clearTimeout(timeout);
    this.timeouts.clear();
    if (this.watch !== null) clearInterval(this.watch);
    this.watch = null;
    if (this.unstarted) void cancelQuietly(this.unstarted);
    this.unstarted = null;
    this.releaseSource();
    this.opener.removeEventListener('pagehide', this.unload);
    this.opener.removeEventListener('beforeunload', this.unload);
    this.popup?.removeEventListener('pagehide', this.close);
    this.popup = null;
    if (this.snapshot !== CLOSED) this.set(CLOSED);
  };

  /** The page is going away and will not render again: stop the call and close the window now. */
  private readonly unload = (): void => {
    const popup = this.popup;
    this.close();
    if (popup && !popup.closed) popup.close();
  };

  private async initialise(generation: number, created: Promise<CreateResult>, createSource: WebCallSourceFactory) {
    const current = () => generation === this.generation;
    this.dispatch({ type: 'initialise' });
    const result = await created;
    if (!current()) return;
    if (!result.ok) return this.dispatch({ type: 'initialise-failed', message: configErrorMessage(result.error) });
    const { webCallUrl, vendorCallId } = result.call;

    let source: WebCallSource;
    try {
      source = await createSource();
    } catch {
      if (current()) this.dispatch({ type: 'initialise-failed', message: CALL_MESSAGES.widgetInterfaceFailed });
      return;
    }
    if (!current()) {
      void source.stop().catch(() => undefined);
      return;
    }
    this.attach(source);
    try {
      await source.join({ webCallUrl, id: vendorCallId });
    } catch (error) {
      if (!current()) return;
      this.dispatch({ type: 'initialise-failed', message: errorMessageOf(error) ?? CALL_MESSAGES.widgetStartFailed });
      this.releaseSource();
    }
  }

  private attach(source: WebCallSource): void {
    const handlers: WebCallEvents = {
      'call-start': () => {
        this.unstarted = null;
        this.dispatch({ type: 'call-start' });
      },
      'call-end': () => {
        this.dispatch({ type: 'call-end' });
        if (this.snapshot.call.status === 'disconnected') {
          this.releaseSource();
          this.after(CLOSE_AFTER_END_MS, this.close);
        }
      },
      'speech-start': () => this.dispatch({ type: 'speech-start' }),
      'speech-end': () => this.dispatch({ type: 'speech-end' }),
      'volume-level': (volume) => this.dispatch({ type: 'volume-level', volume }),
      message: (message) => this.dispatch({ type: 'message', message }),
      error: (error) => {
        this.dispatch({ type: 'error', error });
        // A failed call keeps its message on screen; the microphone and connection are let go.
        if (this.snapshot.call.status === 'error') this.releaseSource();
      },
    };
    const entries = Object.entries(handlers) as [keyof WebCallEvents, WebCallEvents[keyof WebCallEvents]][];
    for (const [event, handler] of entries) source.on(event, handler);
    this.source = source;
    this.detachSource = () => {
      for (const [event, handler] of entries) source.off(event, handler);
    };
  }

  private releaseSource(): void {
    this.detachSource?.();
    this.detachSource = null;
    const source = this.source;
    this.source = null;
    void source?.stop().catch(() => undefined);
  }

  private dispatch(action: WebCallAction): void {
    const call = webCallReducer(this.snapshot.call, action);
    if (call !== this.snapshot.call) this.set({ ...this.snapshot, call });
  }

  private after(ms: number, run: () => void): void {
    const timeout = setTimeout(() => {
      this.timeouts.delete(timeout);
      run();
    }, ms);
    this.timeouts.add(timeout);
  }

  private set(snapshot: WebCallSnapshot): void {
    this.snapshot = snapshot;
    for (const subscriber of this.subscribers) subscriber();
  }
}

/** The cancel is best effort: a log left queued is settled by the reconciler. */
function cancelQuietly({ callLogId, cancel }: { callLogId: string; cancel: (callLogId: string) => Promise<unknown> }) {
  return cancel(callLogId).catch(() => undefined);
}
