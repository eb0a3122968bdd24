import { megabytes } from '../../../../../shared/photos';
import { usePhotoUsage } from '../api';

const MB = 1024 * 1024;

/** Settings' line on photo space (docs/product.md §5): what the writer's photos take of their quota. */
export function PhotoSpace() {
  const usage = usePhotoUsage();
  if (!usage.data) return <p className="muted">Photos: {usage.isError ? 'could not be counted just now.' : 'counting…'}</p>;
  const { count, bytes, quotaBytes } = usage.data;
  const used = bytes === 0 ? '0' : (bytes / MB).toFixed(1);
  return (
    <p className="photo-space">
      Photos: {count} {count === 1 ? 'photo' : 'photos'}, {used} MB of your {megabytes(quotaBytes)} MB.
    </p>
  );
}
