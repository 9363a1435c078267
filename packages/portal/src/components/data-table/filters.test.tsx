import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AccountOptions, SelectFilter } from './filters.tsx';

describe('AccountOptions', () => {
  it('offers each account by its UID, named by its name, after the filter’s own options', () => {
    render(
      <SelectFilter label="Broker" value="" onChange={vi.fn()}>
        <option value="">All brokers</option>
        <AccountOptions
          accounts={[
            { UID: 'u1', name: 'Ada' },
            { UID: 'u2', name: 'Bo' },
          ]}
        />
      </SelectFilter>,
    );
    const options = screen.getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['', 'All brokers'],
      ['u1', 'Ada'],
      ['u2', 'Bo'],
    ]);
  });

  it('offers none while the accounts have not arrived', () => {
    render(
      <SelectFilter label="Registrar" value="" onChange={vi.fn()}>
        <AccountOptions accounts={undefined} />
      </SelectFilter>,
    );
    expect(screen.queryAllByRole('option')).toEqual([]);
  });
});
