import { describe, expect, it } from 'vitest';
import {
  AFTER_SAVE,
  INITIAL_CHOICE,
  cancelEditing,
  changeDraft,
  documentView,
  startEditing,
  toDocumentLoad,
} from './clinical-document-modal.utils';
import { clinicalDocument } from '../../../test/records';

const plan = clinicalDocument({ content: 'Walk 20 minutes a day', version: 2 });

describe('care plan modal state machine', () => {
  it('shows loading until the load settles', () => {
    expect(documentView({ status: 'loading' }, INITIAL_CHOICE)).toEqual({ mode: 'loading' });
  });

  it('opens in view mode when a plan exists', () => {
    expect(documentView({ status: 'loaded', document: plan }, INITIAL_CHOICE)).toEqual({
      mode: 'view',
      document: plan,
    });
  });

  it('opens in edit mode with empty text when there is no plan, and on a load failure', () => {
    const empty = { mode: 'edit', draft: '', version: undefined, document: null };
    expect(documentView({ status: 'loaded', document: null }, INITIAL_CHOICE)).toEqual(empty);
    expect(documentView({ status: 'failed' }, INITIAL_CHOICE)).toEqual(empty);
  });

  it('edits from the saved content and keeps the version read (PUT)', () => {
    const view = documentView({ status: 'loaded', document: plan }, startEditing(plan));
    expect(view).toEqual({ mode: 'edit', draft: plan.content, version: 2, document: plan });
    if (view.mode !== 'edit') throw new Error('expected edit mode');
    expect(documentView({ status: 'loaded', document: plan }, changeDraft(view, 'Walk 30 minutes'))).toMatchObject({
      draft: 'Walk 30 minutes',
      version: 2,
    });
  });

  it('drafts a new plan without a version (POST)', () => {
    const view = documentView({ status: 'loaded', document: null }, INITIAL_CHOICE);
    if (view.mode !== 'edit') throw new Error('expected edit mode');
    expect(changeDraft(view, 'New plan')).toEqual({ mode: 'edit', draft: 'New plan', version: undefined });
  });

  it('cancels back to view mode, or closes when there is no plan', () => {
    expect(cancelEditing(plan)).toEqual({ mode: 'view' });
    expect(cancelEditing(null)).toBe('close');
  });

  it('shows the saved plan in view mode after saving', () => {
    const saved = { ...plan, content: 'Saved', version: 3 };
    expect(documentView({ status: 'loaded', document: saved }, AFTER_SAVE)).toEqual({ mode: 'view', document: saved });
  });

  it('reads a query: data wins over a failed refetch', () => {
    expect(toDocumentLoad({ data: undefined, isError: false })).toEqual({ status: 'loading' });
    expect(toDocumentLoad({ data: undefined, isError: true })).toEqual({ status: 'failed' });
    expect(toDocumentLoad({ data: null, isError: false })).toEqual({ status: 'loaded', document: null });
    expect(toDocumentLoad({ data: plan, isError: true })).toEqual({ status: 'loaded', document: plan });
  });
});
