/**
 * A yes/no field as a checkbox card with a short explanation. `children` (the field the
 * flag needs, such as a discounted price) show inside the card while it is on, by CSS
 * alone, so the card works before the page's scripts do. Turning the flag off empties
 * those fields: turned on again, they start blank.
 */
import type { FieldMetadata } from "@conform-to/react";
import { useRef, type ReactNode } from "react";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>;

export function FlagField({
  meta,
  label,
  description,
  children,
}: {
  meta: Meta;
  label: string;
  description?: string;
  children?: ReactNode;
}) {
  const inner = useRef<HTMLDivElement>(null);
  const id = meta.id;
  return (
    <div className="group/flag min-w-0 rounded-2xl border border-line bg-white transition-colors hover:border-stone has-[>label>input:checked]:border-ink has-[>label>input:checked]:bg-sand/60">
      <label htmlFor={id} className="flex min-h-12 cursor-pointer items-start gap-3 px-4 py-3">
        <input
          key={meta.key}
          id={id}
          name={meta.name}
          form={meta.formId}
          type="checkbox"
          defaultChecked={meta.initialValue === "on" || meta.initialValue === "true"}
          onChange={(event) => {
            if (event.target.checked) return;
            for (const field of inner.current?.querySelectorAll("input, textarea") ?? []) {
              (field as HTMLInputElement).value = "";
              field.dispatchEvent(new Event("input", { bubbles: true }));
            }
          }}
          // Named by its label alone; the explanation is its description.
          aria-labelledby={`${id}-label`}
          aria-describedby={description ? `${id}-description` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-ink"
        />
        <span className="min-w-0">
          <span id={`${id}-label`} className="block text-sm font-medium">
            {label}
          </span>
          {description && (
            <span id={`${id}-description`} className="block text-sm text-stone">
              {description}
            </span>
          )}
        </span>
      </label>
      {children && (
        <div ref={inner} className="hidden px-4 pb-4 group-has-[>label>input:checked]/flag:block">
          {children}
        </div>
      )}
    </div>
  );
}
