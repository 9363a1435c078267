import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailCell } from './email-cell.tsx';

describe('EmailCell', () => {
  it('offers a line break right after the @, and reads as the whole address', () => {
    const { container } = render(<EmailCell email="investor@demo.test" />);
    const cell = container.firstElementChild as HTMLElement;
    expect(cell.textContent).toBe('investor@demo.test');
    expect(cell.innerHTML).toBe('investor@<wbr>demo.test');
  });

  it('breaks after the last @ of a quoted local part', () => {
    const { container } = render(<EmailCell email={'"a@b"@example.com'} />);
    expect(container.firstElementChild?.innerHTML).toBe('"a@b"@<wbr>example.com');
  });

  it('leaves a value without an @ as it is', () => {
    const { container } = render(<EmailCell email="—" />);
    expect(container.firstElementChild?.innerHTML).toBe('—');
  });
});
