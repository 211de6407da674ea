import { describe, expect, it } from 'vitest';
import { sent } from '../../test/dom-setup.ts';
import { expectNoProblem, expectProblem, renderForm, screen } from '../../test/render-form.tsx';
import { AddReviewForm } from './add-review-form.tsx';

const form = () => renderForm(<AddReviewForm email="rita@example.org" />);

describe('Add Review', () => {
  it('asks for both fields, beside each, sends nothing and puts focus on the first', async () => {
    const { user } = form();
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    const message = screen.getByRole('textbox', { name: /Message/ });
    expectProblem(message, 'Message is required');
    expectProblem(screen.getByRole('textbox', { name: /Review/ }), 'Review is required');
    expect(document.activeElement).toBe(message);
    expect(sent).toEqual([]);
  });

  it('takes words that are only spaces as nothing', async () => {
    const { user } = form();
    await user.type(screen.getByRole('textbox', { name: /Message/ }), '   ');
    await user.type(screen.getByRole('textbox', { name: /Review/ }), 'Kind people, well run.');
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    expectProblem(screen.getByRole('textbox', { name: /Message/ }), 'Message is required');
    expectNoProblem(screen.getByRole('textbox', { name: /Review/ }));
    expect(sent).toEqual([]);
  });

  it('sends the review trimmed once both are given', async () => {
    const { user } = form();
    await user.type(screen.getByRole('textbox', { name: /Message/ }), '  A good morning  ');
    await user.type(screen.getByRole('textbox', { name: /Review/ }), 'Kind people, well run.');
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    expect(sent).toEqual([
      expect.objectContaining({ method: 'POST', body: { message: 'A good morning', review: 'Kind people, well run.' } }),
    ]);
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeTruthy();
  });
});
