-- The sample session's location promised a mailed join link the product does not send: say where the link is.
UPDATE "mastermind_sessions" SET "location" = 'Live video call (join from the session in your members area)' WHERE "location" = 'Live video call (the link is emailed to everyone who RSVPs)';
