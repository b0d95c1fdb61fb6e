import { useState } from 'react';
import { toast } from '@/lib/toast';
import { actionFailed } from '@/lib/error-message';
import { photoRefused } from '../api/photo-refused';
import { uploadImage } from '../api/upload-image';
import type { SaveResult } from './product-form';

/**
 * The save of Add Product and of the Update dialog: upload the chosen photo with progress, then `persist`
 * the product with the photo's address. A photo the server refuses goes back to the form (said once, under
 * the photo field); any other failure is toasted as `failedText` and kept in `failure` for the alert.
 */
export const useSaveWithPhoto = (failedText: string) => {
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  /** `image`: the file chosen, or none (`img` stays as `currentImg`). */
  const save = async (
    image: File | null,
    currentImg: string | null,
    persist: (img: string | null) => Promise<void>,
  ): Promise<SaveResult> => {
    setFailure(null);
    try {
      let img = currentImg;
      if (image) {
        try {
          setProgress(0);
          img = (await uploadImage(image, { onProgress: setProgress })).data.url;
        } catch (error) {
          const refused = photoRefused(error);
          if (refused === null) throw error;
          toast.error(failedText);
          return { imageError: refused };
        }
      }
      await persist(img);
      return true;
    } catch (error) {
      toast.error(failedText);
      setFailure(actionFailed(failedText, error));
      return false;
    } finally {
      setProgress(null);
    }
  };

  return { progress, failure, save };
};
