import type Vapi from '@vapi-ai/web';
import type { JoinableWebCall, WebCallEventName, WebCallEvents, WebCallSource } from './web-call-source';

type VapiClass = typeof Vapi;

/** The SDK's emitter narrowed to the port's events (it types each listener the way the port does). */
interface VapiEmitter {
  on(event: WebCallEventName, listener: (...args: never[]) => void): unknown;
  removeListener(event: WebCallEventName, listener: (...args: never[]) => void): unknown;
}

/** The SDK is CommonJS: depending on the bundler's interop its class is `default` or `default.default`. */
function vapiClassOf(module: { default: VapiClass }): VapiClass {
  const exported = module.default as VapiClass | { default: VapiClass };
  return typeof exported === 'function' ? exported : exported.default;
}

/** Vapi's browser SDK behind the widget's port. */
export class VapiWebCallSource implements WebCallSource {
  private readonly events: VapiEmitter;

  private constructor(private readonly vapi: Vapi) {
    this.events = vapi;
  }

  /**
   * Downloads the SDK (and its WebRTC transport) only when a call starts. It is given no key: the
   * server creates the call, and `reconnect` only joins its room, asking nothing of Vapi's API.
   */
  static async create(): Promise<VapiWebCallSource> {
    const VapiSdk = vapiClassOf(await import('@vapi-ai/web'));
    return new VapiWebCallSource(new VapiSdk(''));
  }

  on<E extends WebCallEventName>(event: E, listener: WebCallEvents[E]): void {
    this.events.on(event, listener);
  }

  off<E extends WebCallEventName>(event: E, listener: WebCallEvents[E]): void {
    this.events.removeListener(event, listener);
  }

  join(call: JoinableWebCall): Promise<unknown> {
    return this.vapi.reconnect({ webCallUrl: call.webCallUrl, id: call.id });
  }

  stop(): Promise<void> {
    return this.vapi.stop();
  }

  setMuted(muted: boolean): void {
    this.vapi.setMuted(muted);
  }

  isMuted(): boolean {
    return this.vapi.isMuted();
  }
}
