import { uploadImage } from '#portal/lib/upload-image.ts';
import { useWrite } from '#portal/lib/write.ts';
import { storeProfile, updateMyProfile, useProfileSaved } from './update-my-profile.ts';

/** POST /files with the picked image, then PATCH /myProfile with its URL as the profile's image. */
export async function changePhoto(file: File) {
  const stored = await uploadImage(file);
  return updateMyProfile({ image: stored.url });
}

export function useChangePhoto() {
  return useWrite(changePhoto, { success: useProfileSaved(), refresh: storeProfile });
}
