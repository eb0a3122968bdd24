/** A quiet, announced line while a list loads. */
export function ListLoading({ children = 'Loading entries...' }: { children?: string }) {
  return (
    <p role="status" className="list-loading">
      {children}
    </p>
  );
}

export function EmptyState({ children }: { children: string }) {
  return (
    <div className="empty-state">
      <p>{children}</p>
    </div>
  );
}
