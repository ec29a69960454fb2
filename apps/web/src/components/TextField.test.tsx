import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { TextInput } from '@mantine/core';
import { renderApp } from '../test/render';
import { TextField } from './TextField';

const IDS = new Set(['id', 'for', 'aria-describedby']);

/**
 * The field's markup as a tree of tags, attributes (in name order, style declarations sorted,
 * generated ids left out) and texts, to compare with Mantine's whatever order each writes them in.
 */
function shape(node: Node): unknown {
  if (!(node instanceof Element)) return node.textContent;
  const attributes = [...node.attributes]
    .filter((a) => !IDS.has(a.name))
    .map((a) => [
      a.name,
      a.name === 'style'
        ? a.value
            .split(';')
            .map((d) => d.trim())
            .filter(Boolean)
            .sort()
        : a.value,
    ])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  return [node.tagName, attributes, [...node.childNodes].map(shape)];
}

describe('TextField', () => {
  it('draws what Mantine’s TextInput draws: label, asterisk, box', () => {
    const { container } = renderApp(
      <>
        <TextField label="Town" withAsterisk maxLength={30} value="Leeds" onChange={() => {}} />
        <TextInput label="Town" withAsterisk maxLength={30} value="Leeds" onChange={() => {}} />
      </>,
    );
    const [ours, mantine] = container.querySelectorAll('.mantine-InputWrapper-root');
    expect(shape(ours!)).toEqual(shape(mantine!));
  });

  it('draws an error as Mantine does, and names it as the field’s description', () => {
    const { container } = renderApp(
      <>
        <TextField label="Town" error="Town is required" />
        <TextInput label="Town" error="Town is required" />
      </>,
    );
    const [ours, mantine] = container.querySelectorAll('.mantine-InputWrapper-root');
    expect(shape(ours!)).toEqual(shape(mantine!));
    const field = screen.getAllByLabelText('Town')[0]!;
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Town is required',
    );
  });

  it('draws a read-only field filled, as Mantine does', () => {
    const { container } = renderApp(
      <>
        <TextField label="Company" readOnly variant="filled" value="Acme" />
        <TextInput label="Company" readOnly variant="filled" value="Acme" />
      </>,
    );
    const [ours, mantine] = container.querySelectorAll('.mantine-InputWrapper-root');
    expect(shape(ours!)).toEqual(shape(mantine!));
  });

  it.each([
    ['marked invalid without a message', { error: true }],
    ['disabled', { disabled: true }],
    ['required (its asterisk by default)', { required: true }],
    ['with a class and a style on its root', { className: 'mine', style: { marginTop: 4 } }],
  ])('draws a field %s as Mantine does', (_, props) => {
    const { container } = renderApp(
      <>
        <TextField label="Town" {...props} />
        <TextInput label="Town" {...props} />
      </>,
    );
    const [ours, mantine] = container.querySelectorAll('.mantine-InputWrapper-root');
    expect(shape(ours!)).toEqual(shape(mantine!));
  });

  it('passes typing to onChange', () => {
    const onChange = vi.fn();
    renderApp(<TextField label="Post Code" onChange={onChange} />);
    fireEvent.input(screen.getByLabelText('Post Code'), { target: { value: 'LS1 1AA' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('draws a right section (a search button) beside the box, as Mantine does', () => {
    const find = <button type="button">Find</button>;
    const { container } = renderApp(
      <>
        <TextField label="Post Code" rightSection={find} rightSectionPointerEvents="all" />
        <TextInput label="Post Code" rightSection={find} rightSectionPointerEvents="all" />
      </>,
    );
    const [ours, mantine] = container.querySelectorAll('.mantine-InputWrapper-root');
    expect(shape(ours!)).toEqual(shape(mantine!));
  });
});
