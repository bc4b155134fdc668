import { useState } from "react";
import { CONTENT_MESSAGES } from "../../../../common/content";
import type { AdminVideo } from "../../../../common/contracts/videos";
import { Alert } from "../../../components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { useTimers } from "../../../lib/use-timers";
import { VideoForm } from "./video-form";

/** Spec 001 §4: the dialog closes 1.5 s after "Video updated successfully!". */
const CLOSE_AFTER_SAVE_MS = 1500;

type EditVideoDialogProps = {
  video: AdminVideo | null;
  /** Names the video whose dialog is closing: the delayed close must not shut a dialog opened since. */
  onClose: (videoId: number) => void;
};

/** The edit-video dialog: the video form filled in, "Saving...", the success message, then it closes. */
export function EditVideoDialog({ video, onClose }: EditVideoDialogProps) {
  const later = useTimers();
  const [savedId, setSavedId] = useState<number | null>(null);
  const saved = video !== null && savedId === video.id;

  function close(videoId: number) {
    setSavedId(null);
    onClose(videoId);
  }

  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && video && close(video.id)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Video</DialogTitle>
          <DialogDescription className="wrap-anywhere">{video?.title}</DialogDescription>
        </DialogHeader>
        {video ? (
          <VideoForm
            key={video.id}
            video={video}
            fallbackError={CONTENT_MESSAGES.videoUpdateFailed}
            locked={saved}
            onCancel={() => close(video.id)}
            onSaved={() => {
              setSavedId(video.id);
              later(() => close(video.id), CLOSE_AFTER_SAVE_MS);
            }}
          />
        ) : null}
        {saved ? (
          <Alert variant="success" className="mt-4">
            {CONTENT_MESSAGES.videoUpdated}
          </Alert>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
