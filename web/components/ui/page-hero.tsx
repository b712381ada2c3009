/** The calm sand band that opens the shop's secondary pages. */
export function PageHero({ eyebrow, title, children }: { eyebrow: string; title: string; children?: React.ReactNode }) {
  return (
    <section className="bg-sand">
      <div className="mx-auto max-w-7xl px-5 py-9 md:px-8 md:py-16">
        <p className="text-xs tracking-[0.2em] text-stone uppercase">{eyebrow}</p>
        <h1 className="mt-3 font-serif text-4xl md:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-stone">{children}</div>}
      </div>
    </section>
  );
}
