export function LoadingScreen() {
  return (
    <div className="loading-screen">
      <p role="status" className="loading-pulse">
        Loading...
      </p>
    </div>
  );
}
