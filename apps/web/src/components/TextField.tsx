import { useId, type CSSProperties, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  /** The label's red asterisk (a mandatory field), as Mantine's `withAsterisk` (by default: `required`). */
  withAsterisk?: boolean;
  /** The field's message under it, which describes it; `true`: marked invalid, no message. */
  error?: ReactNode;
  /** 'filled': a read-only field's shading. */
  variant?: 'default' | 'filled';
  /** At the end of the box, e.g. a search button. */
  rightSection?: ReactNode;
  /** 'all': the right section's buttons take clicks (Mantine's rightSectionPointerEvents). */
  rightSectionPointerEvents?: CSSProperties['pointerEvents'];
  ref?: Ref<HTMLInputElement>;
}

const wrapperVars = {
  '--input-height': 'var(--input-height-sm)',
  '--input-fz': 'var(--mantine-font-size-sm)',
};
const LABEL_STYLE = { '--input-label-size': 'var(--mantine-font-size-sm)' } as CSSProperties;
const ERROR_STYLE = {
  '--input-error-size': 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))',
} as CSSProperties;

/**
 * A text field as Mantine's TextInput (size sm) draws it: its label (with the asterisk of a mandatory
 * field), the box, and its error, with Mantine's own class names and data attributes, so it looks
 * and behaves the same (a11y.css's focus ring included); the error sets `aria-invalid` and
 * `aria-describedby`. One component instead of the eight Mantine's TextInput is made of: the
 * booking screen draws some forty of them, most of a phone's work on its first load. Every other
 * prop goes to the input (value, onChange, onFocus, onBlur, maxLength, data-path, …).
 */
export function TextField({
  label,
  required,
  withAsterisk = required ?? false,
  error,
  disabled,
  className,
  style,
  variant = 'default',
  rightSection,
  rightSectionPointerEvents,
  id: givenId,
  ref,
  ...input
}: TextFieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const invalid = !!error || undefined;
  // A message to show (Mantine's: an error that is not just `true`).
  const message = error && typeof error !== 'boolean' ? error : undefined;
  const wrapperStyle: Record<string, string> = { ...wrapperVars };
  if (message) wrapperStyle['--input-margin-bottom'] = 'calc(var(--mantine-spacing-xs) / 2)';
  if (rightSectionPointerEvents)
    wrapperStyle['--input-right-section-pointer-events'] = String(rightSectionPointerEvents);
  const filled = variant === 'filled' ? 'filled' : undefined;
  return (
    <div
      data-variant={filled}
      data-size="sm"
      data-error={invalid}
      className={`${className ? `${className} ` : ''}m_46b77525 mantine-InputWrapper-root mantine-TextInput-root`}
      style={style}
    >
      <label
        data-variant={filled}
        data-size="sm"
        data-required={withAsterisk || undefined}
        htmlFor={id}
        id={`${id}-label`}
        className="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label"
        style={LABEL_STYLE}
      >
        {label}
        {withAsterisk && (
          <span
            aria-hidden="true"
            className="m_78a94662 mantine-InputWrapper-required mantine-TextInput-required"
          >
            {' *'}
          </span>
        )}
      </label>
      <div
        data-variant={variant}
        data-size="sm"
        data-error={invalid}
        data-disabled={disabled || undefined}
        data-with-right-section={rightSection ? true : undefined}
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        style={wrapperStyle as CSSProperties}
      >
        <input
          data-variant={variant}
          {...input}
          ref={ref}
          id={id}
          required={required}
          disabled={disabled}
          data-disabled={disabled || undefined}
          data-error={invalid}
          aria-invalid={invalid}
          aria-describedby={message ? `${id}-error` : undefined}
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
        />
        {rightSection && (
          <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-TextInput-section">
            {rightSection}
          </div>
        )}
      </div>
      {message && (
        <p
          data-size="sm"
          id={`${id}-error`}
          className="m_8f816625 mantine-InputWrapper-error mantine-TextInput-error"
          style={ERROR_STYLE}
        >
          {message}
        </p>
      )}
    </div>
  );
}
