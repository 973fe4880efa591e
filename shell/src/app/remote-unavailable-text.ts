/** What an area says when its remote cannot be loaded: in the full application and on the light link pages (no antd here). */
export const REMOTE_UNAVAILABLE = {
  title: 'Cette section est momentanément indisponible.',
  message: "Le module n'a pas pu être chargé. Vérifiez votre connexion puis réessayez.",
};
