export function SiteFooter() {
  return (
    <footer className="mt-24 border-t border-line bg-sand">
      <div className="mx-auto max-w-7xl px-5 py-10 text-sm text-stone md:px-8">
        <p className="font-serif text-lg text-ink">Finish. Furnish. Flourish.</p>
        <p className="mt-3">© {new Date().getFullYear()} Furnish. All rights reserved.</p>
      </div>
    </footer>
  );
}
