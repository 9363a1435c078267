import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { useSchemaForm } from './schema-form.ts';

const Schema = v.pipe(
  v.object({
    name: v.pipe(v.string(), v.nonEmpty('Name needed')),
    code: v.pipe(v.string(), v.regex(/^\d{3}$/, 'Three digits')),
    agree: v.literal(true, 'Agree first'),
    choice: v.picklist(['a', 'b'], 'Pick one'),
  }),
  v.forward(
    v.partialCheck([['name'], ['code']], (i) => i.name !== i.code, 'Name and code differ'),
    ['code'],
  ),
);

type Values = { name: string; code: string; agree: boolean; choice: string };

function Form({ onValid, initial }: { onValid: (values: unknown) => void; initial: Values }) {
  const form = useSchemaForm<Values>(Schema as never, initial);
  const { register, formState } = form;
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <label>
        Name <input {...register('name')} />
      </label>
      <label>
        Code <input {...register('code')} />
      </label>
      <label>
        Agree <input type="checkbox" {...register('agree')} />
      </label>
      <label>
        A <input type="radio" value="a" {...register('choice')} />
      </label>
      <label>
        B <input type="radio" value="b" {...register('choice')} />
      </label>
      <output data-testid="errors">{JSON.stringify(formState.errors)}</output>
      <output data-testid="dirty">{String(formState.isDirty)}</output>
      <button type="submit">Go</button>
      <button
        type="button"
        onClick={() => {
          const shown = form.setServerErrors([
            { field: 'other', message: 'Not here' },
            { field: 'code', message: 'Code taken' },
            { field: 'name', message: 'Name refused' },
          ]);
          const none = form.setServerErrors([{ field: 'other', message: 'Not here' }]);
          document.body.dataset.serverErrors = `${shown} ${none}`;
        }}
      >
        Server
      </button>
      <button
        type="button"
        onClick={() => form.reset({ name: 'Zed', code: '999', agree: true, choice: 'b' })}
      >
        Reset
      </button>
    </form>
  );
}

const errors = () => JSON.parse(screen.getByTestId('errors').textContent ?? '{}');

describe('useSchemaForm', () => {
  it('fills the inputs from the defaults and reports one message per field on submit', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Form onValid={onValid} initial={{ name: '', code: '12', agree: false, choice: '' }} />);
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('12');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(errors()).toEqual({
      name: { message: 'Name needed' },
      code: { message: 'Three digits' },
      agree: { message: 'Agree first' },
      choice: { message: 'Pick one' },
    });
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(onValid).not.toHaveBeenCalled();
  });

  it('checks again on every change once submitted, and hands over the parsed values', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Form onValid={onValid} initial={{ name: '', code: '', agree: false, choice: 'a' }} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await user.type(screen.getByLabelText('Name'), '123');
    expect(errors().name).toBeUndefined();
    await user.type(screen.getByLabelText('Code'), '123');
    await user.click(screen.getByLabelText('Agree'));
    expect(errors()).toEqual({ code: { message: 'Name and code differ' } });
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.click(screen.getByLabelText('B'));
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ann', code: '123', agree: true, choice: 'b' });
  });

  it('tracks dirtiness and resets the inputs to new values', async () => {
    const user = userEvent.setup();
    render(<Form onValid={() => {}} initial={{ name: 'Ann', code: '', agree: false, choice: 'a' }} />);
    expect(screen.getByTestId('dirty').textContent).toBe('false');
    await user.type(screen.getByLabelText('Code'), '1');
    expect(screen.getByTestId('dirty').textContent).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByTestId('dirty').textContent).toBe('false');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Zed');
    expect((screen.getByLabelText('Agree') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('B') as HTMLInputElement).checked).toBe(true);
  });
  it('puts the server’s field messages beside this form’s fields and focuses the first', async () => {
    const user = userEvent.setup();
    render(<Form onValid={vi.fn()} initial={{ name: '', code: '', agree: false, choice: 'a' }} />);
    await user.click(screen.getByRole('button', { name: 'Server' }));
    expect(errors()).toEqual({ code: { message: 'Code taken' }, name: { message: 'Name refused' } });
    expect(document.activeElement).toBe(screen.getByLabelText('Code'));
    // true when a message named a field here, false when none did (the caller shows the error itself)
    expect(document.body.dataset.serverErrors).toBe('true false');
  });
});

const RowsSchema = v.object({
  items: v.pipe(
    v.array(v.object({ name: v.pipe(v.string(), v.nonEmpty('Name needed')), size: v.string() })),
    v.maxLength(2, 'Two at most'),
  ),
});

function RowsForm({ onValid }: { onValid: (values: unknown) => void }) {
  const form = useSchemaForm<Record<string, string>>(RowsSchema as never, { 'items.7.name': 'seven' });
  const [keys, setKeys] = useState([7, 3, 12]);
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      {keys.map((k) => (
        <fieldset key={k}>
          <label>
            Name {k} <input {...form.register(`items.${k}.name`)} />
          </label>
          <label>
            Size {k} <input {...form.register(`items.${k}.size`)} />
          </label>
          <button
            type="button"
            onClick={() => {
              form.unregister(`items.${k}.name`);
              form.unregister(`items.${k}.size`);
              setKeys((all) => all.filter((x) => x !== k));
            }}
          >
            Remove {k}
          </button>
        </fieldset>
      ))}
      <output data-testid="errors">{JSON.stringify(errors)}</output>
      <button
        type="button"
        onClick={() => form.setServerErrors([{ field: 'items.1.name', message: 'Taken' }])}
      >
        Server
      </button>
      <button type="submit">Go</button>
    </form>
  );
}

describe('rows of fields', () => {
  it('hands the schema a list in key order and brings its messages and the server’s back to the rows', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<RowsForm onValid={onValid} />);
    expect((screen.getByLabelText('Name 7') as HTMLInputElement).value).toBe('seven');
    await user.type(screen.getByLabelText('Name 12'), 'twelve');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    // keys 3, 7, 12: the second message ('Two at most') is the list's, the first the row of key 3
    const errors = JSON.parse(screen.getByTestId('errors').textContent ?? '{}');
    expect(errors).toEqual({ 'items.3.name': { message: 'Name needed' }, items: { message: 'Two at most' } });
    expect(document.activeElement).toBe(screen.getByLabelText('Name 3'));
    await user.click(screen.getByRole('button', { name: 'Remove 3' }));
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(onValid).toHaveBeenCalledWith({
      items: [
        { name: 'seven', size: '' },
        { name: 'twelve', size: '' },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Server' }));
    expect(JSON.parse(screen.getByTestId('errors').textContent ?? '{}')).toEqual({
      'items.12.name': { message: 'Taken' },
    });
    expect(document.activeElement).toBe(screen.getByLabelText('Name 12'));
  });
});
