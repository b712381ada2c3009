/**
 * The descriptions' rich-text editor (TipTap on ProseMirror), 300 px high as the admin's forms ask,
 * with the formatting the server's sanitiser keeps: bold, italic, headings, bullet and
 * numbered lists, links. Only the admin routes import it, so shoppers never download it.
 */
import StarterKit from "@tiptap/starter-kit";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { Bold, Heading2, Heading3, Italic, Link2, List, ListOrdered, Unlink } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { FieldMetadata } from "@conform-to/react";
import { FieldNote } from "../form/fields";

interface RichTextEditorProps {
  /** The description's field: the editor writes its HTML into a hidden input of that name. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  meta: FieldMetadata<any, any, string[]>;
  label: string;
  required?: boolean;
}

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    // Neither survives the server's sanitiser, so the editor does not offer them.
    code: false,
    codeBlock: false,
    link: { openOnClick: false, autolink: true, defaultProtocol: "https" },
  }),
];

export function RichTextEditor({ meta, label, required }: RichTextEditorProps) {
  // The editable area takes the field's id, so the form's messages and focus reach it.
  const id = meta.id;
  const labelId = `${id}-label`;
  const error = meta.errors?.[0];
  const initialHtml = typeof meta.initialValue === "string" ? meta.initialValue : "";
  const hidden = useRef<HTMLInputElement>(null);
  // Held by React: a hidden input's value is its attribute, which React would reset to a default.
  const [html, setHtml] = useState(initialHtml);
  const typed = useRef(false);
  useEffect(() => {
    // The form's checks hear of the change as they would of typing in a field.
    if (typed.current) hidden.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [html]);

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialHtml,
    // Rendered in the browser only: the server sends a placeholder of the same size.
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: editorAttributes(id, labelId, error) },
    onUpdate: ({ editor: current }) => {
      typed.current = true;
      setHtml(current.isEmpty ? "" : current.getHTML());
    },
  });

  // The error decides aria-invalid and the note the editable area points to.
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: editorAttributes(id, labelId, error) } });
  }, [editor, id, labelId, error]);

  return (
    <div className="min-w-0">
      <input ref={hidden} type="hidden" name={meta.name} form={meta.formId} value={html} />
      {/* Not a <label for>: the editable area is not a form control; a click focuses it. */}
      <span id={labelId} className="text-sm font-medium" onClick={() => editor?.commands.focus()}>
        {label}
        {required && (
          <span className="text-promo" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </span>
      <div
        className={`mt-1.5 overflow-hidden rounded-xl border bg-white focus-within:border-ink ${
          error ? "border-promo" : "border-line"
        }`}
      >
        {editor ? <Toolbar editor={editor} label={label} /> : <div className="h-12 border-b border-line bg-sand/40" />}
        <div
          className="h-[300px] overflow-y-auto text-[15px] leading-relaxed [&_.ProseMirror]:min-h-[300px] [&_.ProseMirror]:px-4 [&_.ProseMirror]:py-3 [&_.ProseMirror]:focus:outline-none [&_a]:text-clay [&_a]:underline [&_h2]:mt-4 [&_h2]:font-serif [&_h2]:text-xl [&_h2]:first:mt-0 [&_h3]:mt-3 [&_h3]:font-medium [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-2 [&_p]:first:mt-0 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-6"
          data-testid={`${id}-area`}
        >
          {editor ? (
            <EditorContent editor={editor} />
          ) : (
            <div
              className="px-4 py-3 text-stone"
              dangerouslySetInnerHTML={initialHtml ? { __html: initialHtml } : undefined}
            />
          )}
        </div>
      </div>
      <FieldNote meta={meta} />
    </div>
  );
}

function editorAttributes(id: string, labelId: string, error: string | undefined): Record<string, string> {
  return {
    id,
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelId,
    ...(error ? { "aria-invalid": "true", "aria-describedby": `${id}-note` } : {}),
  };
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      h2: current.isActive("heading", { level: 2 }),
      h3: current.isActive("heading", { level: 3 }),
      bullets: current.isActive("bulletList"),
      numbers: current.isActive("orderedList"),
      link: current.isActive("link"),
    }),
  });
  const [linking, setLinking] = useState(false);
  const chain = () => editor.chain().focus();

  return (
    <div className="border-b border-line bg-sand/40">
      <div
        role="toolbar"
        aria-label={`${label} formatting`}
        className="flex flex-wrap items-center gap-0.5 p-1 sm:p-1.5"
      >
        <ToolButton label="Bold" pressed={active.bold} onClick={() => chain().toggleBold().run()}>
          <Bold className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Italic" pressed={active.italic} onClick={() => chain().toggleItalic().run()}>
          <Italic className="size-4" aria-hidden="true" />
        </ToolButton>
        <Divider />
        <ToolButton label="Heading" pressed={active.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          <Heading2 className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Subheading" pressed={active.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          <Heading3 className="size-4" aria-hidden="true" />
        </ToolButton>
        <Divider />
        <ToolButton label="Bulleted list" pressed={active.bullets} onClick={() => chain().toggleBulletList().run()}>
          <List className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Numbered list" pressed={active.numbers} onClick={() => chain().toggleOrderedList().run()}>
          <ListOrdered className="size-4" aria-hidden="true" />
        </ToolButton>
        <Divider />
        {active.link ? (
          <ToolButton label="Remove link" onClick={() => chain().extendMarkRange("link").unsetLink().run()}>
            <Unlink className="size-4" aria-hidden="true" />
          </ToolButton>
        ) : (
          <ToolButton label="Link" pressed={linking} onClick={() => setLinking((open) => !open)}>
            <Link2 className="size-4" aria-hidden="true" />
          </ToolButton>
        )}
      </div>
      {linking && <LinkRow editor={editor} onDone={() => setLinking(false)} />}
    </div>
  );
}

/** The address of a new link, typed under the toolbar (not a prompt box a phone hides). */
function LinkRow({ editor, onDone }: { editor: Editor; onDone(): void }) {
  const inputId = useId();
  const [href, setHref] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const apply = () => {
    const address = href.trim();
    if (!address) return onDone();
    const withProtocol = /^[a-z][a-z\d+.-]*:/i.test(address) ? address : `https://${address}`;
    if (!/^(https?:|mailto:|tel:)/i.test(withProtocol)) {
      setProblem("Links can start with https://, mailto: or tel:.");
      return;
    }
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty) {
      // No text selected: the address itself becomes the link's text.
      chain
        .insertContent({ type: "text", text: address, marks: [{ type: "link", attrs: { href: withProtocol } }] })
        .run();
    } else {
      chain.setLink({ href: withProtocol }).run();
    }
    onDone();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      // Inside the product form: Enter adds the link rather than saving the form.
      event.preventDefault();
      apply();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onDone();
      editor.commands.focus();
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-line px-2 py-2">
      <label htmlFor={inputId} className="sr-only">
        Link address
      </label>
      <input
        id={inputId}
        type="url"
        inputMode="url"
        autoFocus
        value={href}
        placeholder="https://example.com"
        onChange={(event) => {
          setHref(event.target.value);
          setProblem(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${inputId}-problem` : undefined}
        className="h-10 min-w-0 basis-full rounded-lg border border-line bg-white px-3 text-sm focus:border-ink focus:outline-none sm:basis-0 sm:flex-1"
      />
      <button
        type="button"
        onClick={apply}
        className="ml-auto h-10 rounded-full bg-ink px-4 text-sm text-white sm:ml-0"
      >
        Add link
      </button>
      <button type="button" onClick={onDone} className="h-10 rounded-full px-3 text-sm hover:bg-white">
        Cancel
      </button>
      {problem && (
        <p id={`${inputId}-problem`} className="w-full text-sm text-promo">
          {problem}
        </p>
      )}
    </div>
  );
}

function ToolButton({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      // Keeps the editor's selection while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`inline-flex size-9 items-center justify-center rounded-lg sm:size-10 ${
        pressed ? "bg-ink text-white" : "text-ink hover:bg-white"
      }`}
    >
      {children}
    </button>
  );
}

function Divider() {
  return <span aria-hidden="true" className="mx-0.5 h-6 w-px bg-line sm:mx-1" />;
}
