export default function OverlayHost() {
  return null;
}
