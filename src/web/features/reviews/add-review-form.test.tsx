import { describe, expect, it } from 'vitest';
import { sent } from '../../test/dom-setup.ts';
import { button, expectNoProblem, expectProblem, expectRefused, renderForm, textbox } from '../../test/render-form.tsx';
import { AddReviewForm } from './add-review-form.tsx';

const form = () => renderForm(<AddReviewForm email="rita@example.org" />);
const message = () => textbox(/Message/);
const review = () => textbox(/Review/);

describe('Add Review', () => {
  it('asks for both fields, beside each, sends nothing and puts focus on the first', async () => {
    const { user } = form();
    await user.click(button('Add Review'));
    expectProblem(review(), 'Review is required');
    expectRefused(message(), 'Message is required');
  });

  it('takes words that are only spaces as nothing', async () => {
    const { user } = form();
    await user.type(message(), '   ');
    await user.type(review(), 'Kind people, well run.');
    await user.click(button('Add Review'));
    expectProblem(message(), 'Message is required');
    expectNoProblem(review());
    expect(sent).toEqual([]);
  });

  it('sends the review trimmed once both are given', async () => {
    const { user } = form();
    await user.type(message(), '  A good morning  ');
    await user.type(review(), 'Kind people, well run.');
    await user.click(button('Add Review'));
    expect(sent).toEqual([
      expect.objectContaining({ method: 'POST', body: { message: 'A good morning', review: 'Kind people, well run.' } }),
    ]);
    expect(button('Sending…')).toBeTruthy();
  });
});
