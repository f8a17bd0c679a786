import { describe, expect, it } from 'vitest';
import { STOP_CALLS_CONFIRMATION, STOP_CALLS_CONFIRMATION_ES } from '../../../shared/values/settings';
import { outcomeOf, parseVapiWebhook, REPORT_LIMITS, reportFromVapiCall, VapiMessageError } from './vapi-messages';

const CALL_ID = '4f6a2b1c-8d3e-4f5a-9b6c-7d8e9f0a1b2c';
const CALL_LOG_ID = '0b6d7c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';

/** A call as Vapi puts it inside a message: overrides with CareLoop's metadata. */
function vapiCall(extra: Record<string, unknown> = {}) {
  return {
    id: CALL_ID,
    orgId: '9a1b2c3d-0000-4000-8000-000000000001',
    createdAt: '2025-03-04T15:00:00.000Z',
    updatedAt: '2025-03-04T15:04:10.000Z',
    type: 'outboundPhoneCall',
    status: 'ended',
    assistantId: 'asst_1',
    phoneNumberId: 'pn_1',
    customer: { number: '+15555550106' },
    assistantOverrides: {
      firstMessage: 'Hello, this is Care. Is this Ana?',
      metadata: { callLogId: CALL_LOG_ID, patientId: 'p_1', organizationId: 'o_1' },
      server: { url: 'https://api.example.org/webhooks/vapi' },
    },
    ...extra,
  };
}

const ARTIFACT = {
  messages: [
    { role: 'system', message: 'You are Care…', time: 1741100410000, secondsFromStart: 0 },
    {
      role: 'bot',
      message: 'Hello, this is Care. Is this Ana?',
      time: 1741100410500,
      endTime: 1741100412500,
      secondsFromStart: 0.5,
      duration: 2000,
    },
    { role: 'user', message: 'Yes, speaking.', time: 1741100413000, endTime: 1741100414000, secondsFromStart: 3 },
    {
      role: 'tool_calls',
      toolCalls: [{ id: 't1', type: 'function', function: { name: 'endCall', arguments: '{}' } }],
      message: '',
      time: 1741100415000,
      secondsFromStart: 5,
    },
    { role: 'tool_call_result', name: 'endCall', result: 'ok', time: 1741100415100, secondsFromStart: 5.1 },
    { role: 'assistant', message: '  Thank you. Goodbye.  ', time: 1741100416000, secondsFromStart: 6 },
  ],
  transcript: 'AI: Hello, this is Care. Is this Ana?\nUser: Yes, speaking.\nAI: Thank you. Goodbye.\n',
};

function endOfCallReport(message: Record<string, unknown> = {}) {
  return {
    message: {
      type: 'end-of-call-report',
      timestamp: 1741100650000,
      endedReason: 'customer-ended-call',
      startedAt: '2025-03-04T15:00:05.000Z',
      endedAt: '2025-03-04T15:04:05.000Z',
      cost: 0.4312,
      call: vapiCall(),
      customer: { number: '+15555550106' },
      artifact: ARTIFACT,
      analysis: {
        summary: 'Patient is doing well and walks 20 minutes daily.',
        structuredData: { flag: 'Elective', note_to_doctor: 'Requests a refill of metformin.' },
        successEvaluation: 'true',
      },
      ...message,
    },
  };
}

describe('parseVapiWebhook: status updates', () => {
  it.each([
    ['scheduled', 'queued'],
    ['queued', 'queued'],
    ['ringing', 'queued'],
    ['in-progress', 'in_progress'],
    ['forwarding', 'in_progress'],
    ['ended', 'ended'],
    ['not-found', 'other'],
    [undefined, 'other'],
  ])('reads Vapi status %s as %s, with the call log id from the overrides metadata', (status, expected) => {
    // Prepare
    const body = { message: { type: 'status-update', status, timestamp: 1741100400000, call: vapiCall() } };

    // Act
    const parsed = parseVapiWebhook(body);

    // Assess
    expect(parsed).toEqual({
      type: 'status-update',
      vendorCallId: CALL_ID,
      callLogId: CALL_LOG_ID,
      lineLeaseId: null,
      status: expected,
    });
  });

  it("reads a staff alert's line lease from the metadata, only as one of CareLoop's ids", () => {
    const lease = '0b6f8f0e-5a43-4c39-9d86-1f7f3f7f0a11';
    const of = (lineLeaseId: unknown) =>
      parseVapiWebhook({
        message: {
          type: 'status-update',
          status: 'ended',
          call: vapiCall({ assistantOverrides: { metadata: { callLogId: 'alert-x-y', lineLeaseId } } }),
        },
      });

    expect(of(lease)).toMatchObject({ callLogId: null, lineLeaseId: lease, status: 'ended' });
    expect(of('../leases/x')).toMatchObject({ lineLeaseId: null });
    expect(of(7)).toMatchObject({ lineLeaseId: null });
  });

  it('gives a null call log id when the call carries no CareLoop metadata (a call placed elsewhere)', () => {
    const body = { message: { type: 'status-update', status: 'ringing', call: vapiCall({ assistantOverrides: {} }) } };

    expect(parseVapiWebhook(body)).toMatchObject({ type: 'status-update', callLogId: null });
  });
});

describe('parseVapiWebhook: end-of-call reports', () => {
  it('reads the readings of an answered call as observations, refusing what cannot be a reading', () => {
    const structuredData = {
      flag: 'Normal',
      readings: [
        { measure: 'systolic', value: 138, source: 'device' },
        { measure: 'diastolic', value: 84, source: 'device' },
        { measure: 'glucose', value: 4000, source: 'reported' },
        { measure: 'phq2', value: 1 },
      ],
    };
    const answered = parseVapiWebhook(endOfCallReport({ analysis: { structuredData } }));
    const unanswered = parseVapiWebhook(
      endOfCallReport({ endedReason: 'customer-did-not-answer', analysis: { structuredData } }),
    );

    expect(answered).toMatchObject({
      report: {
        observations: [
          { measure: 'systolic', value: 138, source: 'device' },
          { measure: 'diastolic', value: 84, source: 'device' },
          { measure: 'phq2', value: 1, source: 'reported' },
        ],
      },
    });
    expect(unanswered).toMatchObject({ report: { outcome: 'no_answer', observations: [] } });
  });

  it('maps a full report: turns from artifact.messages, analysis, times, cost', () => {
    const parsed = parseVapiWebhook(endOfCallReport());

    expect(parsed).toEqual({
      type: 'end-of-call-report',
      vendorCallId: CALL_ID,
      callLogId: CALL_LOG_ID,
      report: {
        vendorCallId: CALL_ID,
        outcome: 'answered',
        endedReason: 'customer-ended-call',
        startedAt: '2025-03-04T15:00:05.000Z',
        endedAt: '2025-03-04T15:04:05.000Z',
        transcript: [
          { speaker: 'assistant', text: 'Hello, this is Care. Is this Ana?' },
          { speaker: 'patient', text: 'Yes, speaking.' },
          { speaker: 'assistant', text: 'Thank you. Goodbye.' },
        ],
        summary: 'Patient is doing well and walks 20 minutes daily.',
        escalationLevel: 'Elective',
        noteToDoctor: 'Requests a refill of metformin.',
        successEvaluation: true,
        cost: 0.4312,
        stopCalls: false,
        observations: [],
        transfer: null,
        enrollmentAnswer: null,
      },
    });
  });

  it("reads an enrollment call's answer from its structured data, and nothing else as one", () => {
    const answerOf = (structuredData: Record<string, unknown>) => {
      const parsed = parseVapiWebhook(endOfCallReport({ analysis: { summary: 'Invited.', structuredData } }));
      return parsed.type === 'end-of-call-report' ? parsed.report.enrollmentAnswer : 'not a report';
    };

    expect(answerOf({ enrollment_answer: 'interested' })).toBe('interested');
    expect(answerOf({ enrollment_answer: 'declined' })).toBe('declined');
    expect(answerOf({ enrollment_answer: 'unclear' })).toBe('unclear');
    expect(answerOf({ enrollment_answer: 'yes' })).toBeNull();
    expect(answerOf({ flag: 'Normal' })).toBeNull();
  });

  it('falls back to the plain transcript when there are no messages, joining continuation lines', () => {
    const body = endOfCallReport({
      artifact: { transcript: 'AI: Hello there.\nUser: I have been dizzy\nsince Tuesday.\n\nAI: Thank you.' },
    });

    const parsed = parseVapiWebhook(body);

    expect(parsed.type === 'end-of-call-report' && parsed.report.transcript).toEqual([
      { speaker: 'assistant', text: 'Hello there.' },
      { speaker: 'patient', text: 'I have been dizzy since Tuesday.' },
      { speaker: 'assistant', text: 'Thank you.' },
    ]);
  });

  it.each([
    [{ flag: 'Emergent' }, 'Emergent'],
    [{ escalation_level: 'urgent ' }, 'Urgent'],
    [{ flag: 'Elective', escalation_level: 'Emergent' }, 'Elective'],
    [{ flag: 'High' }, 'Normal'],
    [{}, 'Normal'],
  ])('reads the escalation level from structuredData %j as %s', (structuredData, level) => {
    const parsed = parseVapiWebhook(endOfCallReport({ analysis: { structuredData } }));

    expect(parsed.type === 'end-of-call-report' && parsed.report.escalationLevel).toBe(level);
  });

  it.each([
    [
      [{ key: 'escalation_assessment', result: { escalation_level: 'Urgent', doctor_note: 'Dizzy.' } }],
      'Urgent',
      'Dizzy.',
    ],
    [[{ escalation_assessment: { flag: 'Emergent', note_to_doctor: 'Chest pain.' } }], 'Emergent', 'Chest pain.'],
    [[{ key: 'other', result: { flag: 'Emergent' } }], 'Normal', null],
  ])('reads a structuredDataMulti catalogue %j when structuredData has no level', (multi, level, note) => {
    const parsed = parseVapiWebhook(endOfCallReport({ analysis: { structuredData: {}, structuredDataMulti: multi } }));

    expect(parsed.type === 'end-of-call-report' && parsed.report).toMatchObject({
      escalationLevel: level,
      noteToDoctor: note,
    });
  });

  it.each([
    [{ flag: 'Urgent', note_to_doctor: 'Short of breath on stairs.' }, 'Urgent', 'Short of breath on stairs.'],
    [{ flag: 'Emergent' }, 'Emergent', null],
    [{ note_to_doctor: 'Asks about a refill.' }, 'Normal', 'Asks about a refill.'],
    [{ flag: 42, note_to_doctor: ['x'] }, 'Normal', null],
  ])('reads the top-level analysis %j when structuredData has neither', (topLevel, level, note) => {
    const parsed = parseVapiWebhook(endOfCallReport({ analysis: { summary: 'ok', ...topLevel } }));

    expect(parsed.type === 'end-of-call-report' && parsed.report).toMatchObject({
      escalationLevel: level,
      noteToDoctor: note,
    });
  });

  it('reads structuredData before the top-level analysis, each of level and note on its own', () => {
    const both = parseVapiWebhook(
      endOfCallReport({
        analysis: {
          structuredData: { flag: 'Elective', note_to_doctor: 'From structured data.' },
          flag: 'Emergent',
          note_to_doctor: 'From the top level.',
        },
      }),
    );
    expect(both.type === 'end-of-call-report' && both.report).toMatchObject({
      escalationLevel: 'Elective',
      noteToDoctor: 'From structured data.',
    });
    const split = parseVapiWebhook(
      endOfCallReport({
        analysis: {
          structuredData: { note_to_doctor: 'Note in structured data.' },
          flag: 'Urgent',
          structuredDataMulti: [{ key: 'escalation_assessment', result: { flag: 'Emergent' } }],
        },
      }),
    );
    expect(split.type === 'end-of-call-report' && split.report).toMatchObject({
      escalationLevel: 'Urgent',
      noteToDoctor: 'Note in structured data.',
    });
  });

  it.each([
    ['true', true],
    [' FALSE ', false],
    [true, true],
    [false, false],
    ['8/10', null],
    [undefined, null],
  ])('reads successEvaluation %j as %j', (successEvaluation, expected) => {
    const parsed = parseVapiWebhook(endOfCallReport({ analysis: { summary: 'ok', successEvaluation } }));

    expect(parsed.type === 'end-of-call-report' && parsed.report.successEvaluation).toBe(expected);
  });

  it('reports an unanswered call: no transcript, no summary, Normal, null evaluation', () => {
    const body = endOfCallReport({
      endedReason: 'customer-did-not-answer',
      artifact: { messages: [], transcript: '' },
      analysis: {},
      cost: 0,
    });

    const parsed = parseVapiWebhook(body);

    expect(parsed.type === 'end-of-call-report' && parsed.report).toMatchObject({
      outcome: 'no_answer',
      transcript: [],
      summary: null,
      escalationLevel: 'Normal',
      noteToDoctor: null,
      successEvaluation: null,
      cost: 0,
    });
  });

  it('fills what the report leaves out from the call inside it, and ignores fields of the wrong type', () => {
    const body = {
      message: {
        type: 'end-of-call-report',
        endedReason: 'assistant-ended-call',
        cost: 'free',
        artifact: {},
        analysis: { summary: 42, structuredData: 'Emergent' },
        call: vapiCall({ startedAt: '2025-03-04T15:00:05.000Z', endedAt: '2025-03-04T15:02:05.000Z', cost: 0.2 }),
      },
    };

    const parsed = parseVapiWebhook(body);

    expect(parsed.type === 'end-of-call-report' && parsed.report).toMatchObject({
      outcome: 'answered',
      startedAt: '2025-03-04T15:00:05.000Z',
      endedAt: '2025-03-04T15:02:05.000Z',
      cost: 0.2,
      summary: null,
      escalationLevel: 'Normal',
    });
  });
});

describe('parseVapiWebhook: other messages and malformed bodies', () => {
  it.each(['conversation-update', 'speech-update', 'transcript', 'hang', 'tool-calls'])(
    'ignores %s messages',
    (type) => {
      expect(parseVapiWebhook({ message: { type, call: vapiCall() } })).toEqual({ type: 'ignored', messageType: type });
    },
  );

  it.each([
    ['a string', 'hello', 'not_object'],
    ['null', null, 'not_object'],
    ['an array', [{ message: {} }], 'not_object'],
    ['no message', { type: 'status-update' }, 'no_message'],
    ['a message that is not an object', { message: 'status-update' }, 'no_message'],
    ['no message type', { message: { status: 'ended', call: vapiCall() } }, 'no_type'],
    [
      'a report without call id',
      { message: { type: 'end-of-call-report', endedReason: 'customer-busy' } },
      'no_call_id',
    ],
    [
      'a status update without call id',
      { message: { type: 'status-update', status: 'ended', call: {} } },
      'no_call_id',
    ],
    [
      'a call id with characters no Vapi id has',
      { message: { type: 'status-update', status: 'ended', call: vapiCall({ id: '../x' }) } },
      'invalid_call_id',
    ],
    [
      'an oversized call id',
      { message: { type: 'status-update', status: 'ended', call: vapiCall({ id: 'a'.repeat(101) }) } },
      'invalid_call_id',
    ],
  ])('refuses %s with a typed error that quotes nothing of the body', (_, body, reason) => {
    let caught: unknown;
    try {
      parseVapiWebhook(body);
    } catch (error) {
      caught = error;
    }

    expect(caught).toBeInstanceOf(VapiMessageError);
    expect(caught).toMatchObject({ reason, message: `vapi message malformed: ${reason}` });
  });
});

describe('outcomeOf', () => {
  it.each([
    ['customer-did-not-answer', 'no_answer'],
    ['customer-busy', 'busy'],
    ['voicemail', 'voicemail'],
    ['assistant-ended-call', 'answered'],
    ['assistant-ended-call-after-message-spoken', 'answered'],
    ['assistant-said-end-call-phrase', 'answered'],
    ['customer-ended-call', 'answered'],
    ['customer-ended-call-during-transfer', 'answered'],
    ['silence-timed-out', 'answered'],
    ['exceeded-max-duration', 'answered'],
    ['pipeline-error-openai-llm-failed', 'failed'],
    ['twilio-failed-to-connect-call', 'failed'],
    ['manually-canceled', 'failed'],
    ['unknown', 'failed'],
  ])('groups %s as %s', (endedReason, outcome) => {
    expect(outcomeOf(endedReason)).toBe(outcome);
  });
});

describe('parseVapiWebhook: a person who asks not to be called again', () => {
  const reportOf = (body: unknown) => {
    const parsed = parseVapiWebhook(body);
    if (parsed.type !== 'end-of-call-report') throw new Error('not a report');
    return parsed.report;
  };
  const saying = (text: string) => ({
    messages: [
      { role: 'bot', message: 'Hello, this is Care. Is this Ana?', time: 1, secondsFromStart: 0 },
      { role: 'user', message: 'Stop calling me.', time: 2, secondsFromStart: 2 },
      { role: 'bot', message: text, time: 3, secondsFromStart: 4 },
    ],
  });

  it('is heard when the assistant said the fixed confirmation, whatever the punctuation and case', () => {
    const said = STOP_CALLS_CONFIRMATION.toUpperCase().replace(/[.,]/g, '');
    expect(
      reportOf(endOfCallReport({ endedReason: 'assistant-said-end-call-phrase', artifact: saying(said) })),
    ).toMatchObject({ outcome: 'answered', stopCalls: true });
  });

  it('is heard in Spanish too, with or without the accents the transcription kept', () => {
    for (const said of [STOP_CALLS_CONFIRMATION_ES, STOP_CALLS_CONFIRMATION_ES.replace('ó', 'o').toLowerCase()]) {
      expect(
        reportOf(endOfCallReport({ endedReason: 'assistant-said-end-call-phrase', artifact: saying(said) })),
      ).toMatchObject({ stopCalls: true });
    }
  });

  it("is heard from the analysis plan's structured data (stop_calls), or its catalogue entry", () => {
    const flagged = { summary: 'Asked to stop.', structuredData: { flag: 'Normal', stop_calls: true } };
    expect(reportOf(endOfCallReport({ analysis: flagged })).stopCalls).toBe(true);
    const catalogue = { structuredDataMulti: [{ key: 'stop_calls', result: true }] };
    expect(reportOf(endOfCallReport({ analysis: catalogue })).stopCalls).toBe(true);
  });

  it('is not heard from the patient saying the words, a string "true", or another goodbye', () => {
    const patientSays = {
      messages: [{ role: 'user', message: STOP_CALLS_CONFIRMATION, time: 1, secondsFromStart: 0 }],
    };
    expect(reportOf(endOfCallReport({ artifact: patientSays })).stopCalls).toBe(false);
    expect(reportOf(endOfCallReport({ analysis: { structuredData: { stop_calls: 'true' } } })).stopCalls).toBe(false);
    expect(reportOf(endOfCallReport({ artifact: saying('Thank you. Goodbye.') })).stopCalls).toBe(false);
  });
});

describe('reportFromVapiCall', () => {
  it('maps an ended call as GET /call/{id} returns it', () => {
    const call = vapiCall({
      endedReason: 'customer-ended-call',
      startedAt: '2025-03-04T15:00:05.000Z',
      endedAt: '2025-03-04T15:04:05.000Z',
      cost: 0.43,
      artifact: ARTIFACT,
      analysis: { summary: 'Doing well.', structuredData: { escalation_level: 'Normal' }, successEvaluation: 'true' },
    });

    const report = reportFromVapiCall(call);

    expect(report).toMatchObject({
      vendorCallId: CALL_ID,
      outcome: 'answered',
      summary: 'Doing well.',
      escalationLevel: 'Normal',
      successEvaluation: true,
      cost: 0.43,
    });
    expect(report.transcript).toHaveLength(3);
  });

  it('reads the conversation from call.messages when the call has no artifact', () => {
    const call = vapiCall({ endedReason: 'silence-timed-out', messages: ARTIFACT.messages });

    expect(reportFromVapiCall(call).transcript.map((t) => t.speaker)).toEqual(['assistant', 'patient', 'assistant']);
  });

  it('refuses a call without id', () => {
    expect(() => reportFromVapiCall({ status: 'ended' })).toThrow(VapiMessageError);
  });
});

describe('bounds on what a report brings in', () => {
  const report = (message: Record<string, unknown>) => {
    const parsed = parseVapiWebhook(endOfCallReport(message));
    if (parsed.type !== 'end-of-call-report') throw new Error(`not a report: ${parsed.type}`);
    return parsed;
  };

  it('reads only its own lower-case UUIDs as call log ids', () => {
    for (const callLogId of ['cl_01JCARELOOP', CALL_LOG_ID.toUpperCase(), 'x'.repeat(5_000), 42]) {
      const call = vapiCall({ assistantOverrides: { metadata: { callLogId } } });
      expect(report({ call }).callLogId).toBeNull();
    }
  });

  it('drops times that are not ISO date-times and costs out of range', () => {
    const parsed = report({ startedAt: '2025-13-99T99:99:99Z', endedAt: 'yesterday', cost: 1e200 });
    expect(parsed.report).toMatchObject({ startedAt: null, endedAt: null, cost: null });
    expect(report({ cost: -1 }).report.cost).toBeNull();
  });

  it('cuts a transcript, summary and note longer than any real call', () => {
    const long = 'word '.repeat(100_000);
    const messages = Array.from({ length: 20_000 }, (_, i) => ({ role: i % 2 ? 'user' : 'bot', message: long }));
    const parsed = report({
      artifact: { messages },
      analysis: { summary: long, structuredData: { flag: 'Urgent', note_to_doctor: long } },
    }).report;
    const chars = parsed.transcript.reduce((sum, turn) => sum + turn.text.length, 0);
    expect(chars).toBeLessThanOrEqual(REPORT_LIMITS.transcriptChars + 1);
    expect(parsed.summary?.length).toBe(REPORT_LIMITS.summaryChars);
    expect(parsed.noteToDoctor?.length).toBe(REPORT_LIMITS.noteChars);
    expect(parsed.escalationLevel).toBe('Urgent');
  });
});
