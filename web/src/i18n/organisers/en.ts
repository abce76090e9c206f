/**
 * English texts of the conversation with the organisers (/webapp/organisers and the ways to
 * it): `en.organisers`, a section kept beside en.ts like its German counterparts.
 */
export const organisers = {
  log: "Messages with the organisers",
  empty: "Got a question, or stuck? Write to the organisers.",
  from: "Organisers",
  label: "Your message to the organisers",
  placeholder: "Your message …",
  send: "Send",
  sending: "Sending …",
  addPhoto: "Add a photo",
  chosenPhoto: "The photo to send",
  removePhoto: "Remove photo",
  photo: "Photo",
  photoFrom: "Photo from {{name}}",
  photoTooLarge: "The photo is too large (8 MB at most).",
  photoUnsupported: "This file is not a photo the game can take.",
  left_one: "{{count}} character left",
  left_other: "{{count}} characters left",
  tooMany:
    "You have written a lot of messages in the last hour. Please wait a little before you send the next one – your text stays here.",
  failed: "The messages with the organisers could not be loaded.",
  unread_one: "{{count}} new answer from the organisers",
  unread_other: "{{count}} new answers from the organisers",
  helpText: "Your question is not answered here, or you are stuck? The organisers will help you.",
  write: "Write to the organisers",
} as const;
