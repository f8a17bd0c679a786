import { Mic, PhoneOff } from 'lucide-react';
import type { CSSProperties } from 'react';
import { isCallActive, isInCall, orbScale, type WebCallState } from './web-call-widget.utils';

export interface WebCallPanelProps {
  call: WebCallState;
  /** Null until the backend has answered. */
  assistantName: string | null;
  organizationName: string;
  patientName: string;
  onToggleMute: () => void;
  onEnd: () => void;
}

/**
 * The popup's page (product-rules.md "Screens"): plain markup styled by the popup's own stylesheet (`POPUP_CSS`),
 * rendered from the opener through a portal so the call's state stays in the app.
 */
export function WebCallPanel({
  call,
  assistantName,
  organizationName,
  patientName,
  onToggleMute,
  onEnd,
}: WebCallPanelProps) {
  const active = isCallActive(call.status);
  const orbStyle = { '--orb-scale': orbScale(call.volume).toFixed(3) } as CSSProperties;
  return (
    <main className="wc">
      <header className="wc-header">
        <h1>{assistantName ?? 'Web Call'}</h1>
        <p>{organizationName}</p>
        <p>Patient: {patientName}</p>
      </header>
      <div className="wc-stage">
        <div className="wc-orb" data-state={call.status} style={orbStyle} aria-hidden="true" />
      </div>
      <p className="wc-status" role="status">
        {call.statusText}
      </p>
      <div className="wc-error" role="alert" hidden={call.error === null}>
        {call.error}
      </div>
      <div className="wc-controls">
        <button
          type="button"
          className="wc-button"
          aria-pressed={call.muted}
          disabled={!isInCall(call.status)}
          onClick={onToggleMute}
        >
          <Mic size={18} aria-hidden="true" />
          Mute
        </button>
        <button type="button" className="wc-button wc-end" onClick={onEnd}>
          <PhoneOff size={18} aria-hidden="true" />
          {active || call.status === 'idle' ? 'End Call' : 'Close'}
        </button>
      </div>
    </main>
  );
}
