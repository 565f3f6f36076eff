import { useRef, useState, type ChangeEvent } from 'react';
import { Camera } from 'lucide-react';
import type { OwnProfile } from '../../../shared/api/profiles';
import { AVATAR_MAX_BYTES } from '../../../shared/constants';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { ErrorMessage, Spinner, SuccessMessage } from '../../components/ui/feedback';
import { api, errorText } from '../../lib/api';
import { useProfileWrite } from './profile-queries';

const AVATAR_SIZE_ON_OWN_PROFILE = 96;

/** Click the avatar or 'Change Avatar' to pick an image; the server makes it a small WebP. */
export function AvatarUpload({ profile, name }: { profile: OwnProfile; name: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const upload = useProfileWrite((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api('POST /api/profiles/{id}/avatar', { params: { id: profile.id }, body: form });
  });

  const choose = () => input.current?.click();

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // The same file can be picked again after a failure.
    e.target.value = '';
    setDone(false);
    setProblem(null);
    if (!file) return setProblem('You must select an image to upload.');
    if (!file.type.startsWith('image/')) return setProblem('The file must be an image (for example PNG, JPEG, WebP or GIF)');
    if (file.size > AVATAR_MAX_BYTES) return setProblem('The image must not exceed 5 MB');
    upload.mutate(file, {
      onSuccess: () => setDone(true),
      onError: (err) => setProblem(errorText(err, 'Failed to update avatar')),
    });
  };

  return (
    <div className="flex flex-col items-center gap-2">
      <button
        type="button"
        onClick={choose}
        disabled={upload.isPending}
        aria-label="Upload a new profile picture"
        className="group relative cursor-pointer rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
      >
        <Avatar person={{ ...profile, name }} size={AVATAR_SIZE_ON_OWN_PROFILE} />
        <span
          aria-hidden
          className="absolute inset-0 flex items-center justify-center rounded-full bg-black/50 text-white opacity-0 transition-opacity group-hover:opacity-100"
        >
          {upload.isPending ? <Spinner className="h-6 w-6" /> : <Camera className="h-6 w-6" />}
        </span>
      </button>
      <Button variant="outline" size="sm" onClick={choose} disabled={upload.isPending}>
        {upload.isPending ? <Spinner /> : <Camera aria-hidden className="h-4 w-4" />}
        {upload.isPending ? 'Uploading...' : 'Change Avatar'}
      </Button>
      <input ref={input} type="file" accept="image/*" className="hidden" onChange={onFile} data-testid="avatar-input" />
      {problem && (
        <ErrorMessage className="max-w-xs">
          <p className="font-medium">Error uploading avatar!</p>
          <p>{problem}</p>
        </ErrorMessage>
      )}
      {done && <SuccessMessage>Avatar updated</SuccessMessage>}
    </div>
  );
}
