/** A labelled select with its error tied by aria-describedby (the same shape as FormField). */
export function SelectField({
  id,
  label,
  options,
  error,
  hint,
  defaultValue,
  name = id,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  options: [string, string][];
  error?: string;
  hint?: string;
  defaultValue?: string;
  name?: string;
  disabled?: boolean;
  /** The chosen value, for pages that adapt to it with JavaScript (the form works without). */
  onChange?: (value: string) => void;
}) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="input"
        defaultValue={defaultValue}
        disabled={disabled}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
