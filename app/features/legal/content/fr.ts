import { POLICY_VERSION } from '../legal-document'
import { periodWords, policyDate, storageRows, type LegalContent } from './facts'

const mail = (address: string) => `[${address}](mailto:${address})`
const period = periodWords({
  minutes: ['minute', 'minutes'],
  hours: ['heure', 'heures'],
  days: ['jour', 'jours'],
  months: ['mois', 'mois'],
})
const date = policyDate('fr')

export const fr: LegalContent = {
  privacy: (f) => ({
    title: 'Politique de confidentialité',
    summary: `Comment Afterglow traite les données personnelles\u00a0: ce que nous collectons auprès des entreprises qui utilisent la plateforme et des visiteurs de notre site, pourquoi, pendant combien de temps, qui d’autre y a accès et quels sont vos droits.`,
    sections: [
      {
        id: 'qui-sommes-nous',
        title: 'Qui nous sommes et ce que couvre cette politique',
        body: [
          `Afterglow («\u00a0nous\u00a0») exploite la plateforme ${f.siteUrl}, sur laquelle des entreprises qui organisent des événements live — organisateurs, artistes, promoteurs, salles et festivals — publient des galeries photo et vidéo à leur image, recueillent les coordonnées des fans avant les téléchargements et consultent des statistiques.`,
          'Nous traitons des données personnelles dans deux rôles différents\u00a0:',
          {
            list: [
              '**En tant que responsable du traitement** pour les données des personnes qui ont un compte sur la plateforme (équipes des entreprises), des visiteurs de ce site et de toute personne qui indique son intérêt, s’abonne à notre newsletter ou nous écrit. Cette politique décrit ce traitement.',
              '**En tant que sous-traitant** pour les données que les fans laissent sur les pages d’une entreprise (par exemple leur nom et leur e-mail avant un téléchargement). L’entreprise en est alors responsable\u00a0: elle décide pourquoi les données sont collectées et combien de temps elles sont conservées, et nous ne les traitons que pour son compte et selon ses instructions. Chaque page d’entreprise a sa propre notice de confidentialité, accessible par le lien «\u00a0Confidentialité\u00a0» en bas de page\u00a0; les fans doivent d’abord adresser leurs demandes à cette entreprise.',
            ],
          },
          `Pour toute question sur cette politique ou sur vos données, écrivez à ${mail(f.contactEmail)}.`,
        ],
      },
      {
        id: 'donnees-collectees',
        title: 'Ce que nous collectons',
        body: [
          {
            table: {
              head: ['Catégorie', 'Données', 'Provenance'],
              rows: [
                [
                  'Compte',
                  'Nom d’affichage, adresse e-mail, mot de passe (conservé uniquement sous forme de hachage salé), secret et codes de secours de la double authentification si vous l’activez, langue de l’interface, votre rôle dans chaque entreprise (admin, manager, utilisateur).',
                  'Vous, lors de l’inscription, de l’acceptation d’une invitation ou d’un changement de paramètres.',
                ],
                [
                  'Entreprise',
                  'Nom de l’entreprise, adresse de la page et sous-domaine, logo, couleurs, textes de la page, offre, et tout ce que l’entreprise importe\u00a0: photos, vidéos, fichiers, titres, descriptions, événements.',
                  'L’équipe de l’entreprise.',
                ],
                [
                  'Sécurité',
                  'Sessions (adresse IP, navigateur, début et dernière activité), journal d’audit (connexions, exports de contacts, modifications de paramètres, actions privilégiées), compteurs de limitation de requêtes.',
                  'Générées par l’utilisation de la plateforme.',
                ],
                [
                  'Facturation',
                  'Offre, état de l’abonnement, date de renouvellement, dates de l’essai, référence client chez notre prestataire de paiement par carte, factures. Les numéros de carte sont saisis chez le prestataire de paiement et n’atteignent jamais nos serveurs.',
                  'Vous et le prestataire de paiement.',
                ],
                [
                  'Formulaires du site',
                  'Manifestation d’intérêt et newsletter\u00a0: adresse e-mail, langue, date. Formulaire de contact\u00a0: nom, adresse e-mail, message, langue, date.',
                  'Vous, lorsque vous envoyez un formulaire.',
                ],
                [
                  'Données techniques',
                  'Journaux du serveur\u00a0: heure, adresse demandée, statut de la réponse, identifiant de la requête et erreurs.',
                  'Votre navigateur, lorsqu’il communique avec nos serveurs.',
                ],
              ],
            },
          },
          'Nous ne collectons pas de catégories particulières de données (santé, opinions politiques…) et vous demandons de ne pas en inclure dans vos messages ou fichiers, sauf nécessité.',
        ],
      },
      {
        id: 'finalites',
        title: 'Pourquoi nous les utilisons et sur quelle base légale',
        body: [
          {
            table: {
              head: ['Finalité', 'Données', 'Base légale (RGPD)'],
              rows: [
                [
                  'Fournir la plateforme\u00a0: comptes, pages d’entreprise, imports, galeries, événements, statistiques, contacts',
                  'Compte, entreprise',
                  'Exécution du contrat conclu avec vous ou votre entreprise (art. 6.1.b)',
                ],
                [
                  'E-mails du service\u00a0: confirmation d’adresse, réinitialisation du mot de passe, invitations d’équipe, alertes de sécurité',
                  'Compte',
                  'Exécution du contrat (art. 6.1.b)',
                ],
                [
                  'Sécuriser les comptes et la plateforme\u00a0: sessions, double authentification, journal d’audit, limites sur les connexions et envois de formulaires répétés, enquêtes sur les abus',
                  'Sécurité, données techniques',
                  'Notre intérêt légitime à fournir un service sûr et à protéger les utilisateurs (art. 6.1.f)',
                ],
                [
                  'Abonnements, factures et comptabilité',
                  'Facturation',
                  'Exécution du contrat (art. 6.1.b) et nos obligations légales de conservation comptable (art. 6.1.c)',
                ],
                [
                  'Répondre aux messages de contact et aux manifestations d’intérêt',
                  'Formulaires du site',
                  'Mesures précontractuelles prises à votre demande (art. 6.1.b) et notre intérêt légitime à répondre à ceux qui nous écrivent (art. 6.1.f)',
                ],
                [
                  'Envoyer la newsletter',
                  'Adresse e-mail',
                  'Votre consentement (art. 6.1.a), que vous pouvez retirer à tout moment',
                ],
                [
                  'Mémoriser votre langue et vos choix en matière de cookies',
                  'Stockage du navigateur',
                  'Strictement nécessaire au service que vous avez demandé\u00a0; voir la politique de cookies',
                ],
              ],
            },
          },
          'Lorsque la loi générale brésilienne sur la protection des données (LGPD, loi 13.709/2018) s’applique, les mêmes traitements reposent sur les bases équivalentes de son article 7\u00a0: exécution d’un contrat, obligation légale, intérêt légitime et consentement.',
          'Nous ne vendons pas de données personnelles, ne les utilisons pas pour du profilage publicitaire et ne prenons aucune décision fondée exclusivement sur un traitement automatisé produisant des effets juridiques ou vous affectant de manière significative.',
        ],
      },
      {
        id: 'donnees-des-fans',
        title: 'Données des fans sur les pages d’entreprise',
        body: [
          'Lorsqu’un fan s’inscrit sur la page d’une entreprise pour télécharger des photos ou des vidéos, nous enregistrons pour le compte de cette entreprise\u00a0:',
          {
            list: [
              'nom complet et adresse e-mail et, si l’entreprise les demande, numéro de téléphone et entreprise ou organisation\u00a0;',
              'les consentements donnés\u00a0: acceptation de la notice de confidentialité (avec date et heure), consentement au traitement des données, consentement facultatif au marketing, version de la notice et langue\u00a0;',
              'la page et le navigateur (user agent) depuis lesquels le fan s’est inscrit\u00a0;',
              'ce qui a été téléchargé, et quand\u00a0;',
              'un cookie signé par page d’entreprise, pour que le fan n’ait pas à se réinscrire à chaque téléchargement.',
            ],
          },
          'L’entreprise est responsable de ces données et décide de leur usage et de leur durée de conservation. Nous agissons comme son sous-traitant\u00a0: nous ne traitons les données que sur instruction documentée de l’entreprise (nos [conditions d’utilisation](/terms) contiennent les clauses de sous-traitance), nous séparons les données de chaque entreprise de celles de toutes les autres et ne les utilisons jamais à nos propres fins.',
          'Au sein de l’entreprise, seuls les administrateurs et les managers peuvent consulter et exporter les contacts\u00a0; chaque consultation de la liste et chaque export sont inscrits au journal d’audit de l’entreprise.',
          `Si vous êtes fan et souhaitez exercer vos droits, contactez l’entreprise dont vous avez utilisé la page. Vous pouvez aussi écrire à ${mail(f.contactEmail)}\u00a0: nous transmettrons votre demande à l’entreprise sans délai et l’aiderons à y répondre.`,
        ],
      },
      {
        id: 'conservation',
        title: 'Combien de temps nous conservons les données',
        body: [
          {
            table: {
              head: ['Données', 'Durée'],
              rows: [
                [
                  'Données du compte et de l’entreprise, contenus importés',
                  `Tant que le compte existe. Un administrateur peut clôturer le compte dans ses paramètres\u00a0; nous le supprimons, avec ses fichiers et ses sauvegardes, ${period(f.retention.closedAccounts)} plus tard (d’ici là, il peut être rouvert). Les copies dans nos propres sauvegardes sont écrasées dans les 30 jours suivants.`,
                ],
                [
                  'Données des fans (en tant que sous-traitant)',
                  'Selon la décision de l’entreprise\u00a0; au plus tard, elles sont supprimées avec le compte de l’entreprise.',
                ],
                [
                  'Sessions',
                  `Elles prennent fin après ${f.sessionIdleMinutes} minutes d’inactivité ou à la déconnexion\u00a0; l’enregistrement d’une session terminée (adresse IP, navigateur) est supprimé ${period(f.retention.endedSessions)} plus tard.`,
                ],
                [
                  'Journal d’audit',
                  'Tant que le compte de l’entreprise existe, afin que ses administrateurs puissent contrôler les actions sensibles.',
                ],
                [
                  'Compteurs de limitation de requêtes',
                  `Compteurs de connexion\u00a0: ${period(f.retention.signInCounters)}. Compteurs de formulaires\u00a0: ${f.formRateLimitMinutes} minutes, rattachés à une empreinte irréversible de votre adresse IP, jamais à l’adresse elle-même.`,
                ],
                [
                  'Messages de contact et manifestations d’intérêt',
                  `Supprimés ${period(f.retention.websiteMessages)} après notre dernier échange.`,
                ],
                ['Abonnement à la newsletter', 'Jusqu’à votre désabonnement ou au retrait de votre consentement.'],
                [
                  'Pièces de facturation et factures',
                  'Pendant la durée imposée par le droit fiscal et comptable (généralement de 5 à 10 ans).',
                ],
                ['Journaux du serveur', `${period(f.retention.logs)}, puis supprimés.`],
                [
                  'Messages envoyés aux systèmes d’une entreprise (webhooks)',
                  `Une copie de chacun, avec ses tentatives de livraison, pendant ${period(f.retention.webhookDeliveries)}, puis supprimée.`,
                ],
                [
                  'Choix en matière de cookies dans votre navigateur',
                  `${f.consentValidityDays} jours\u00a0; nous vous le redemandons ensuite.`,
                ],
              ],
            },
          },
        ],
      },
      {
        id: 'destinataires',
        title: 'Qui reçoit les données',
        body: [
          'Nous faisons appel à un petit nombre de prestataires qui traitent des données pour notre compte, dans le cadre de contrats de sous-traitance écrits et uniquement dans la mesure nécessaire\u00a0:',
          {
            list: [
              '**Hébergement**\u00a0: les serveurs et la base de données qui font fonctionner la plateforme.',
              '**Stockage d’objets**\u00a0: l’endroit où sont conservés les photos, vidéos et fichiers importés.',
              '**Envoi d’e-mails**\u00a0: le service qui envoie nos e-mails (confirmations, réinitialisations, invitations, notifications).',
              '**Prestataire de paiement par carte**\u00a0: traite les paiements des abonnements. Pour les données de carte et la prévention de la fraude, il agit en tant que responsable de traitement indépendant, selon sa propre politique de confidentialité.',
            ],
          },
          `La liste à jour de ces prestataires et de leur localisation est disponible sur demande à ${mail(f.contactEmail)}.`,
          'Au sein d’une entreprise, les administrateurs voient les membres de l’équipe et leur activité dans le journal d’audit. Nous ne communiquons des données aux autorités que lorsque la loi nous y oblige, et nous vérifions chaque demande.',
        ],
      },
      {
        id: 'transferts',
        title: 'Transferts internationaux',
        body: [
          'Certains prestataires peuvent traiter des données en dehors de l’Espace économique européen ou de votre pays. Dans ce cas, nous nous appuyons sur une décision d’adéquation de la Commission européenne (par exemple le cadre de protection des données UE–États-Unis pour les entreprises certifiées) ou sur les clauses contractuelles types de la Commission européenne, avec des garanties supplémentaires si nécessaire. Pour les données soumises à la LGPD, nous utilisons les mécanismes de son article 33. Vous pouvez nous demander une copie de ces garanties.',
        ],
      },
      {
        id: 'securite',
        title: 'Comment nous protégeons les données',
        body: [
          {
            list: [
              'connexions chiffrées (HTTPS) et en-têtes de sécurité sur toutes les pages\u00a0;',
              'mots de passe conservés uniquement sous forme de hachage salé, double authentification facultative, sessions qui expirent en cas d’inactivité et peu de sessions simultanées par personne\u00a0;',
              'les données de chaque entreprise cloisonnées dans la base de données (sécurité au niveau des lignes), de sorte qu’une entreprise ne peut jamais lire celles d’une autre\u00a0;',
              'des rôles qui limitent qui peut voir les contacts et modifier les paramètres, et un journal d’audit des actions sensibles impossible à modifier\u00a0;',
              'des limites sur les connexions et les envois de formulaires répétés.',
            ],
          },
          'Si une violation de données personnelles est susceptible d’engendrer un risque pour vos droits, nous en informerons l’autorité compétente et, lorsque c’est requis, vous-même, dans les meilleurs délais.',
        ],
      },
      {
        id: 'vos-droits',
        title: 'Vos droits',
        body: [
          'Dans les conditions prévues par la loi, vous disposez des droits suivants\u00a0:',
          {
            list: [
              '**accès** aux données personnelles que nous détenons sur vous, avec une copie\u00a0;',
              '**rectification** des données inexactes ou incomplètes\u00a0;',
              '**effacement** de vos données\u00a0;',
              '**limitation** du traitement\u00a0;',
              '**portabilité**\u00a0: recevoir les données que vous nous avez fournies dans un format structuré et lisible par machine, ou les faire transmettre à un autre prestataire\u00a0;',
              '**opposition** aux traitements fondés sur notre intérêt légitime\u00a0;',
              '**retrait de votre consentement** à tout moment (par exemple à la newsletter ou aux cookies facultatifs), sans effet sur les traitements antérieurs\u00a0;',
              '**réclamation** auprès d’une autorité de protection des données, notamment celle du pays où vous vivez ou travaillez ou où l’infraction a eu lieu (en France, la CNIL\u00a0; au Brésil, l’ANPD).',
            ],
          },
          `Pour exercer vos droits, écrivez à ${mail(f.contactEmail)}. Nous répondons dans un délai d’un mois (prolongeable de deux mois pour les demandes complexes, auquel cas nous vous en expliquons la raison) et pouvons vous demander de confirmer votre identité. Vous pouvez aussi modifier vous-même de nombreuses données du compte dans l’espace d’administration.`,
          'Pour les données que vous avez laissées en tant que fan sur la page d’une entreprise, c’est l’entreprise qui est responsable\u00a0; voir plus haut la section sur les données des fans.',
        ],
      },
      {
        id: 'cookies',
        title: 'Cookies et stockage local',
        body: [
          'Nous n’utilisons que les cookies et le stockage du navigateur nécessaires au service, comme le cookie de session et l’enregistrement de votre langue et de vos choix en matière de cookies. Avec votre consentement à la mesure d’audience, un cookie propre compte une seule fois vos visites répétées\u00a0; aucun cookie publicitaire ni traceur tiers n’est utilisé. Les détails, et la façon de modifier vos choix à tout moment, figurent dans notre [politique de cookies](/cookies).',
        ],
      },
      {
        id: 'mineurs',
        title: 'Mineurs',
        body: [
          'Les comptes de la plateforme sont réservés aux entreprises et aux adultes. Les pages d’entreprise sont ouvertes à tous, mais les fans de moins de 15 ans (ou de l’âge fixé par la loi de leur pays) ne doivent s’inscrire pour télécharger qu’avec l’accord d’un parent ou d’un tuteur.',
        ],
      },
      {
        id: 'modifications',
        title: 'Modifications de cette politique',
        body: [
          `Ceci est la version ${POLICY_VERSION} de la politique, mise à jour le ${date}. Lorsque nous la modifions, nous publions ici la nouvelle version avec sa date\u00a0; si la modification est importante, nous prévenons les titulaires de comptes par e-mail avant son entrée en vigueur.`,
        ],
      },
      {
        id: 'contact',
        title: 'Contact',
        body: [`Questions et demandes relatives à la confidentialité\u00a0: ${mail(f.contactEmail)}.`],
      },
    ],
  }),

  terms: (f) => ({
    title: 'Conditions d’utilisation',
    summary: `Le contrat entre Afterglow et les entreprises qui utilisent la plateforme\u00a0: offres et essai gratuit, paiements, contenus, données des fans et clauses de sous-traitance, usage acceptable et responsabilité.`,
    sections: [
      {
        id: 'contrat',
        title: 'Le contrat',
        body: [
          `Les présentes conditions régissent l’utilisation de la plateforme Afterglow sur ${f.siteUrl} (le «\u00a0service\u00a0») par les entreprises et les personnes qui travaillent pour elles. En créant un compte ou une entreprise, vous acceptez ces conditions en votre nom et au nom de l’entreprise que vous créez ou rejoignez, et confirmez y être autorisé.`,
          'Le service s’adresse aux entreprises et aux professionnels\u00a0: organisateurs d’événements, artistes, promoteurs, salles, festivals et leurs équipes. Il n’est pas proposé aux consommateurs à des fins privées\u00a0; les fans utilisent les pages publiques des entreprises selon les conditions de l’entreprise concernée.',
        ],
      },
      {
        id: 'service',
        title: 'Le service',
        body: [
          'Afterglow permet à une entreprise de publier des galeries photo et vidéo, des contenus téléchargeables et des événements sur sa propre page publique à son image, de demander aux fans de s’inscrire avant de télécharger, de consulter des statistiques de vues et de téléchargements, et de gérer son équipe et son abonnement.',
          'Nous pouvons améliorer et faire évoluer le service. Nous ne retirerons pas une fonctionnalité essentielle de votre offre payante pendant une période payée sans vous prévenir à l’avance et vous proposer une solution équitable.',
        ],
      },
      {
        id: 'comptes',
        title: 'Comptes, rôles et sécurité',
        body: [
          {
            list: [
              'Fournissez des informations exactes et tenez votre adresse e-mail à jour\u00a0; nous l’utilisons pour les confirmations, les réinitialisations de mot de passe et les alertes de sécurité.',
              'Gardez votre mot de passe secret et activez la double authentification. Vous êtes responsable de ce qui se passe sur votre compte jusqu’à ce que vous nous signaliez un usage abusif.',
              'Chaque entreprise a au moins un administrateur. Les administrateurs décident qui rejoint l’équipe et avec quel rôle (admin, manager ou utilisateur) et sont chargés de retirer l’accès aux personnes qui ne doivent plus l’avoir.',
              `Par sécurité, les sessions prennent fin après ${f.sessionIdleMinutes} minutes d’inactivité et le nombre de sessions simultanées par personne est limité.`,
            ],
          },
        ],
      },
      {
        id: 'offres-et-paiement',
        title: 'Offres, essai gratuit et paiement',
        body: [
          '**Offres.** Starter est gratuit. Professional et Enterprise sont des abonnements mensuels payants. Le contenu de chaque offre (stockage, photos par événement, personnalisation, statistiques, QR codes, résolution des téléchargements, marques, domaine personnalisé, clés d’API, sauvegardes) figure sur nos [tarifs](/#pricing) et dans l’espace d’administration.',
          `**Essai gratuit.** Chaque entreprise peut essayer Professional gratuitement pendant ${f.trialDays} jours, une seule fois. À la fin de l’essai, l’entreprise reste sur Starter sauf si un administrateur s’abonne\u00a0; les contenus restent stockés, mais les fonctionnalités Professional s’arrêtent.`,
          '**Prix et devises.** Les prix sont affichés par mois en dollars américains, en euros ou en réais brésiliens. Les taxes, comme la TVA, s’ajoutent lorsque la loi l’exige.',
          '**Paiement.** Les abonnements sont payés d’avance par carte via notre prestataire de paiement et renouvelés automatiquement chaque mois jusqu’à leur résiliation. Les factures et l’historique de facturation sont disponibles dans l’espace d’administration, via le portail client du prestataire de paiement.',
          '**Résiliation.** Un administrateur peut résilier à tout moment\u00a0; l’abonnement prend fin au terme du mois déjà payé et l’entreprise passe sur Starter. Les sommes déjà versées ne sont pas remboursées, sauf si la loi l’exige.',
          '**Défaut de paiement.** Si un paiement échoue et n’est pas régularisé après relance, nous pouvons faire passer l’entreprise sur Starter.',
          '**Changements de prix.** Nous annonçons les changements de prix par e-mail au moins 30 jours à l’avance\u00a0; ils s’appliquent à partir de la période de facturation suivante, et vous pouvez résilier avant.',
        ],
      },
      {
        id: 'contenus',
        title: 'Vos contenus',
        body: [
          'Vous conservez tous les droits sur les photos, vidéos, fichiers et textes que vous importez. Vous nous accordez la licence non exclusive et mondiale nécessaire pour vous fournir le service\u00a0: stocker vos contenus, en créer des versions réduites et des aperçus, et les afficher et les remettre aux personnes de votre choix — pour les contenus publiés, au public — tant qu’ils restent sur la plateforme.',
          'Vous confirmez détenir les droits nécessaires à la publication de vos contenus, y compris ceux des photographes et vidéastes et, le cas échéant, des personnes qui y figurent, et que leur publication n’enfreint pas la loi. Si quelqu’un demande à être retiré d’une photo, traitez sa demande rapidement.',
          'Nous pouvons retirer ou bloquer un contenu manifestement illicite ou dont le retrait nous est légalement ordonné, et vous en indiquerons la raison sauf si la loi l’interdit.',
        ],
      },
      {
        id: 'donnees-des-fans',
        title: 'Données des fans\u00a0: votre rôle de responsable',
        body: [
          'Pour les données personnelles des fans collectées sur votre page (contacts, consentements, téléchargements), votre entreprise est responsable du traitement et Afterglow est son sous-traitant. Vous décidez de ce que vous collectez et pourquoi, et vous êtes chargé de disposer d’une base légale, d’informer les fans — la page affiche une notice de confidentialité à votre nom, que vous devez vérifier et, si nécessaire, compléter — et de répondre à leurs demandes.',
          'N’envoyez de messages marketing qu’aux fans qui y ont consenti et ne conservez les contacts que le temps nécessaire. Vous pouvez supprimer des contacts à tout moment dans l’espace d’administration.',
        ],
      },
      {
        id: 'sous-traitance',
        title: 'Clauses de sous-traitance',
        body: [
          'Les présentes conditions constituent le contrat de sous-traitance exigé par l’article 28 du RGPD (et par la LGPD) pour les données des fans que nous traitons pour votre compte\u00a0:',
          {
            list: [
              '**Objet et durée**\u00a0: héberger vos pages publiques et traiter les inscriptions, consentements et téléchargements des fans tant que vous utilisez le service.',
              '**Données et personnes concernées**\u00a0: noms, adresses e-mail, numéros de téléphone et organisations facultatifs, consentements, informations sur le navigateur et historique des téléchargements des fans.',
              '**Instructions**\u00a0: nous ne traitons les données que sur vos instructions documentées — ces conditions et vos réglages dans le service —, sauf obligation légale contraire, auquel cas nous vous en informons au préalable lorsque c’est permis.',
              '**Confidentialité**\u00a0: toutes les personnes d’Afterglow ayant accès aux données sont tenues à la confidentialité.',
              '**Sécurité**\u00a0: nous appliquons les mesures techniques et organisationnelles décrites dans notre [politique de confidentialité](/privacy), notamment le cloisonnement des données de chaque entreprise, le chiffrement en transit, le contrôle d’accès et la journalisation.',
              '**Sous-traitants ultérieurs**\u00a0: vous autorisez les catégories de prestataires indiquées dans notre politique de confidentialité (hébergement, stockage d’objets, envoi d’e-mails). Nous leur imposons les mêmes obligations de protection des données, vous informons des changements envisagés, et vous pouvez vous y opposer pour un motif légitime.',
              '**Assistance**\u00a0: nous vous aidons à répondre aux demandes des fans et à remplir vos obligations en matière de sécurité, de notification des violations et d’analyses d’impact, dans une mesure raisonnable au regard de notre rôle.',
              '**Violations**\u00a0: nous vous informons dans les meilleurs délais après avoir pris connaissance d’une violation de données touchant les données de vos fans.',
              `**Fin du traitement**\u00a0: à la clôture de votre compte, nous supprimons les données ${period(f.retention.closedAccounts)} plus tard, après vous avoir permis d’exporter vos contacts, sauf obligation légale de conservation.`,
              '**Audits**\u00a0: nous mettons à votre disposition les informations nécessaires pour démontrer notre conformité et permettons des audits raisonnables, annoncés à l’avance et à vos frais.',
            ],
          },
        ],
      },
      {
        id: 'usage-acceptable',
        title: 'Usage acceptable',
        body: [
          'N’utilisez pas le service pour\u00a0:',
          {
            list: [
              'publier des contenus illicites, portant atteinte aux droits d’autrui ou sexualisant des mineurs\u00a0;',
              'harceler des personnes, envoyer du spam ou contacter des fans sans base valable\u00a0;',
              'importer des logiciels malveillants ou tenter de pénétrer, sonder ou surcharger le service ou les données d’autres entreprises\u00a0;',
              'contourner les limites des offres, les limitations de requêtes ou les mesures de sécurité, ou extraire des données du service de manière automatisée sans notre accord\u00a0;',
              'revendre le service ou l’utiliser pour créer un produit concurrent, sauf accord écrit.',
            ],
          },
        ],
      },
      {
        id: 'disponibilite',
        title: 'Disponibilité et assistance',
        body: [
          'Nous faisons en sorte que le service soit disponible et rapide, et planifions la maintenance aux heures creuses lorsque c’est possible, mais nous ne garantissons pas une disponibilité ininterrompue. L’assistance est assurée par e-mail. Les niveaux de service, un responsable de compte dédié et les conditions sur mesure des clients Enterprise font l’objet d’un accord écrit.',
          'Conservez vos propres copies des contenus importants\u00a0: la plateforme n’est pas une sauvegarde de vos fichiers, sauf si votre offre comprend l’export de sauvegarde automatique.',
        ],
      },
      {
        id: 'suspension-et-resiliation',
        title: 'Suspension et résiliation',
        body: [
          'Un administrateur peut clôturer le compte de l’entreprise à tout moment dans ses paramètres (Informations de l’entreprise), ou nous demander de le faire. Nous pouvons suspendre ou clôturer un compte qui enfreint gravement ou de manière répétée ces conditions, ou lorsque la loi l’exige\u00a0; dans la mesure du possible, nous vous prévenons d’abord et vous laissons le temps de corriger le problème.',
          'Avant la clôture d’un compte, vous pouvez exporter vos contacts et télécharger vos contenus. Ensuite, les données sont supprimées comme décrit dans la politique de confidentialité.',
        ],
      },
      {
        id: 'propriete-intellectuelle',
        title: 'Notre propriété intellectuelle',
        body: [
          'La plateforme, son logiciel, son design ainsi que le nom et le logo Afterglow nous appartiennent ou appartiennent à nos concédants. Ces conditions vous donnent le droit d’utiliser le service, pas d’en devenir propriétaire. Si vous nous envoyez des suggestions, nous pouvons les utiliser sans obligation.',
        ],
      },
      {
        id: 'responsabilite',
        title: 'Garanties et responsabilité',
        body: [
          'Nous fournissons le service avec soin et diligence raisonnables. Au-delà, et dans les limites permises par la loi, le service est fourni en l’état, sans autre garantie.',
          'Notre responsabilité totale pour l’ensemble des réclamations sur une année est limitée aux sommes versées par votre entreprise au cours des douze mois précédant le fait générateur (ou 100 euros si ce montant est supérieur). Nous ne sommes pas responsables des préjudices indirects, comme la perte de bénéfices ou une perte de données qu’une sauvegarde raisonnable aurait évitée.',
          'Ces limites ne s’appliquent pas à la responsabilité que la loi interdit de limiter, notamment en cas de faute intentionnelle, de faute lourde, ou de décès ou de dommage corporel causé par négligence.',
          'Vous êtes responsable de vos contenus et de l’usage que vous faites des données des fans, et vous nous garantissez contre les réclamations de tiers qui en découleraient.',
        ],
      },
      {
        id: 'modifications',
        title: 'Modifications des conditions',
        body: [
          `Ceci est la version ${POLICY_VERSION} des conditions, mise à jour le ${date}. Nous informons les administrateurs des modifications importantes par e-mail au moins 30 jours avant leur entrée en vigueur. Si vous n’êtes pas d’accord, vous pouvez résilier avant cette date\u00a0; continuer à utiliser le service ensuite vaut acceptation des nouvelles conditions.`,
        ],
      },
      {
        id: 'droit-applicable',
        title: 'Droit applicable et litiges',
        body: [
          'Les présentes conditions sont régies par le droit du pays où est établi l’exploitant d’Afterglow, sans préjudice des dispositions impératives du pays où votre entreprise a son siège. Avant toute action en justice, les parties s’efforceront de bonne foi de régler leur différend à l’amiable.',
        ],
      },
      {
        id: 'contact',
        title: 'Contact',
        body: [`Questions sur ces conditions\u00a0: ${mail(f.contactEmail)}.`],
      },
    ],
  }),

  cookies: (f) => ({
    title: 'Politique de cookies',
    summary: `Les cookies et le stockage du navigateur utilisés par Afterglow et par les pages d’entreprise qu’il héberge, à quoi ils servent, combien de temps ils durent et comment modifier vos choix.`,
    sections: [
      {
        id: 'definition',
        title: 'Ce que sont les cookies et le stockage local',
        body: [
          'Les cookies sont de petits fichiers texte qu’un site enregistre dans votre navigateur et relit lors de vos visites suivantes. Le stockage local est un espace similaire du navigateur où un site conserve de petites valeurs\u00a0; il n’est pas envoyé automatiquement au serveur. Cette politique couvre les deux, sur notre site et sur les pages d’entreprise que nous hébergeons.',
        ],
      },
      {
        id: 'categories',
        title: 'Catégories',
        body: [
          {
            list: [
              '**Nécessaires**\u00a0: indispensables au fonctionnement du site et à ce que vous lui demandez\u00a0: vous connecter, rester en sécurité, mémoriser que vous vous êtes inscrit pour télécharger, votre langue et vos choix en matière de cookies. Ils ne peuvent pas être désactivés.',
              '**Fonctionnels**\u00a0: mémorisent des préférences de confort facultatives, au-delà du strict nécessaire.',
              '**Mesure d’audience**\u00a0: nous aident, nous et les entreprises, à comprendre quelles pages, photos et vidéos sont vues, en comptant une seule fois les visites répétées.',
              '**Marketing**\u00a0: serviraient à afficher ou mesurer de la publicité.',
            ],
          },
          `Afterglow dépose des cookies et un stockage nécessaires et, uniquement si vous acceptez la mesure d’audience, un cookie de mesure propre\u00a0: un nombre aléatoire, sans lien avec votre nom ni votre e-mail, pour qu’une visite répétée dans les ${f.visitorCookieMonths} mois ne compte qu’une fois. Sans lui, les visites sont tout de même comptées, anonymement, avec une clé qui change chaque jour. Nous ne déposons aucun cookie de marketing et n’utilisons aucun traceur tiers. Si vous retirez votre consentement à la mesure d’audience, le cookie est supprimé à la page suivante.`,
        ],
      },
      {
        id: 'ce-que-nous-utilisons',
        title: 'Ce que nous utilisons',
        body: [
          {
            table: {
              head: ['Nom', 'Type', 'Catégorie', 'Finalité', 'Durée'],
              rows: storageRows(
                {
                  session: {
                    purpose:
                      'Maintient la connexion des équipes des entreprises à l’espace d’administration. En https, le nom commence par `__Secure-`. Déposé uniquement après la connexion.',
                    duration: `Prend fin après ${f.sessionIdleMinutes} minutes d’inactivité ou à la déconnexion`,
                  },
                  twoFactor: {
                    purpose:
                      'Relie la seconde étape de connexion à la première lorsque la double authentification est active.',
                    duration: '10 minutes',
                  },
                  lead: {
                    name: '`ag_lead_…` (un par entreprise)',
                    purpose:
                      'Signé par notre serveur\u00a0; mémorise que vous vous êtes déjà inscrit sur la page de cette entreprise, pour télécharger sans remplir à nouveau le formulaire.',
                    duration: `${f.leadCookieDays} jours`,
                  },
                  lang: { purpose: 'Indique au serveur dans quelle langue afficher les pages.', duration: '1 an' },
                  selectedLanguage: {
                    purpose: 'La langue que vous avez choisie, conservée dans le navigateur.',
                    duration: 'Jusqu’à sa suppression\u00a0; conservé à la déconnexion',
                  },
                  language: {
                    purpose: 'Le même choix de langue sous son ancien nom, s’il existe.',
                    duration: 'Jusqu’à sa suppression\u00a0; conservé à la déconnexion',
                  },
                  trackingConsent: {
                    purpose: 'Votre décision sur les cookies (acceptés ou refusés), sa version et sa date.',
                    duration: `${f.consentValidityDays} jours`,
                  },
                  cookiePreferences: {
                    purpose:
                      'Les catégories que vous avez autorisées et un historique de vos dix derniers choix (date, catégories, navigateur, page).',
                    duration: `${f.consentValidityDays} jours`,
                  },
                  bannerSeen: {
                    purpose:
                      'Le fait que vous avez répondu au bandeau cookies ou l’avez fermé, pour qu’il ne réapparaisse pas sur chaque page.',
                    duration: `${f.consentValidityDays} jours`,
                  },
                  visitor: {
                    purpose:
                      'Uniquement avec votre consentement à la mesure d’audience\u00a0: un nombre aléatoire qui fait compter une seule fois les visites répétées d’une page d’entreprise. Sans lien avec votre nom ni votre e-mail.',
                    duration: `${f.visitorCookieMonths} mois, ou jusqu’au retrait du consentement à la mesure d’audience`,
                  },
                },
                {
                  cookie: 'Cookie',
                  localStorage: 'Stockage local',
                  necessary: 'Nécessaire',
                  analytics: 'Mesure d’audience',
                },
              ),
            },
          },
        ],
      },
      {
        id: 'consentement',
        title: 'Votre consentement et comment le modifier',
        body: [
          'Lors de votre première visite, un bandeau vous permet d’accepter toutes les catégories, de refuser les catégories facultatives ou de choisir catégorie par catégorie. Les cookies nécessaires sont toujours actifs. Refuser conserve le stockage fonctionnel et désactive la mesure d’audience et le marketing.',
          `Votre choix est conservé dans votre navigateur pendant ${f.consentValidityDays} jours et lié à la version ${POLICY_VERSION} de cette politique\u00a0; ensuite, ou si la version change, nous vous le redemandons. Vous pouvez modifier votre choix à tout moment grâce au lien **Paramètres des cookies** en bas de chaque page, et retirer votre consentement est aussi simple que de le donner.`,
          'Vous pouvez aussi supprimer les cookies et le stockage local dans les réglages de votre navigateur. Si vous supprimez les éléments nécessaires, vous serez déconnecté, votre langue vous sera redemandée et, sur la page d’une entreprise, vous devrez vous réinscrire avant de télécharger.',
        ],
      },
      {
        id: 'pages-entreprise',
        title: 'Pages d’entreprise',
        body: [
          'Les pages d’entreprise hébergées par Afterglow — à notre adresse ou sur le sous-domaine ou le domaine propre d’une entreprise — utilisent les mêmes cookies et les mêmes réglages de consentement. L’entreprise dont vous visitez la page est responsable des données que vous y laissez\u00a0; consultez sa notice de confidentialité, accessible en bas de page.',
        ],
      },
      {
        id: 'en-savoir-plus',
        title: 'En savoir plus',
        body: [
          `La façon dont nous traitons les données personnelles en général est expliquée dans notre [politique de confidentialité](/privacy). Questions\u00a0: ${mail(f.contactEmail)}.`,
        ],
      },
    ],
  }),

  companyTerms: (f) => ({
    title: `Conditions d’utilisation — ${f.companyName}`,
    summary: `Les règles d’utilisation de la page de ${f.companyName}\u00a0: consulter et télécharger les photos et vidéos, s’inscrire avant un téléchargement et ce que vous pouvez en faire.`,
    sections: [
      {
        id: 'a-propos',
        title: 'À propos de cette page',
        body: [
          `Cette page et ses galeries sont publiées par **${f.companyName}**, qui en est responsable. Elle fonctionne sur Afterglow, une plateforme qui héberge les pages d’organisateurs d’événements et d’artistes\u00a0; Afterglow fournit la technologie pour le compte de ${f.companyName}. En utilisant la page, vous acceptez ces conditions.`,
        ],
      },
      {
        id: 'utilisation-des-contenus',
        title: 'Utilisation des photos et des vidéos',
        body: [
          `Les photos, vidéos et autres fichiers appartiennent à ${f.companyName} ou aux photographes, vidéastes et artistes qui les ont réalisés. Vous pouvez les consulter et les télécharger pour votre **usage personnel et non commercial**, et les partager sur vos propres réseaux sociaux en mentionnant ${f.companyName} lorsque c’est possible.`,
          'Sans autorisation écrite, vous ne pouvez pas\u00a0:',
          {
            list: [
              'les utiliser à des fins commerciales, par exemple dans de la publicité, du merchandising ou des publications payantes\u00a0;',
              'les retoucher de façon à dénaturer les personnes représentées ou l’événement, ni supprimer les filigranes ou crédits\u00a0;',
              'les présenter comme votre œuvre, ni les vendre ou les céder à des tiers.',
            ],
          },
        ],
      },
      {
        id: 'inscription',
        title: 'Inscription avant un téléchargement',
        body: [
          `Certains téléchargements demandent d’abord votre nom et votre adresse e-mail. Indiquez vos propres coordonnées, exactes. L’usage qu’en fait ${f.companyName} est expliqué dans sa [notice de confidentialité](${f.companyBasePath}/privacidade).`,
        ],
      },
      {
        id: 'personnes-photographiees',
        title: 'Si vous figurez sur une photo',
        body: [
          `Si vous figurez sur une photo ou une vidéo et souhaitez qu’elle soit retirée, contactez ${f.companyName}, qui examinera rapidement votre demande.`,
        ],
      },
      {
        id: 'usage-loyal',
        title: 'Usage loyal de la page',
        body: [
          'N’essayez pas de contourner l’inscription, d’extraire les contenus en masse de manière automatisée, de surcharger la page ou d’accéder à ce qui n’a pas été publié pour vous.',
        ],
      },
      {
        id: 'disponibilite',
        title: 'Disponibilité et responsabilité',
        body: [
          `La page est proposée gratuitement. ${f.companyName} peut modifier ou retirer des galeries à tout moment et ne garantit pas que la page soit toujours disponible. Dans les limites permises par la loi, ni ${f.companyName} ni Afterglow ne sont responsables des préjudices liés à l’utilisation ou à l’impossibilité d’utiliser la page\u00a0; vos droits légaux de consommateur ne sont pas affectés.`,
        ],
      },
      {
        id: 'contact',
        title: 'Contact',
        body: [
          `Contactez ${f.companyName} via les coordonnées indiquées sur sa page ou ses canaux officiels. Si vous n’y parvenez pas, écrivez à Afterglow à ${mail(f.contactEmail)} et nous transmettrons votre message.`,
          `Version ${POLICY_VERSION}, mise à jour le ${date}.`,
        ],
      },
    ],
  }),

  companyPrivacy: (f) => ({
    title: `Notice de confidentialité — ${f.companyName}`,
    summary: `Comment ${f.companyName} traite vos données personnelles lorsque vous visitez sa page et vous inscrivez pour télécharger des photos et des vidéos.`,
    sections: [
      {
        id: 'responsable',
        title: 'Qui est responsable',
        body: [
          `**${f.companyName}** est responsable du traitement des données personnelles collectées sur cette page\u00a0: elle décide pourquoi vos données sont collectées et comment elles sont utilisées.`,
          `La page est hébergée par **Afterglow**, qui ne traite les données que pour le compte et sur instruction de ${f.companyName}, en tant que sous-traitant, dans le cadre d’un contrat de sous-traitance. Afterglow n’utilise pas vos données à ses propres fins et ne les vend pas.`,
        ],
      },
      {
        id: 'donnees',
        title: 'Ce qui est collecté',
        body: [
          {
            list: [
              '**Lorsque vous vous inscrivez pour télécharger**\u00a0: votre nom complet et votre adresse e-mail et, si le formulaire les demande, votre numéro de téléphone et votre entreprise ou organisation.',
              '**Vos consentements**\u00a0: le fait que vous avez accepté cette notice (avec date et heure), votre consentement au traitement de vos données, votre consentement facultatif à recevoir du marketing, la version de cette notice et votre langue.',
              '**Contexte de l’inscription**\u00a0: la page sur laquelle vous vous êtes inscrit et votre navigateur (user agent).',
              '**Téléchargements**\u00a0: ce que vous avez téléchargé, quand et dans quelle qualité.',
              `**Données techniques**\u00a0: votre adresse IP, utilisée brièvement pour protéger la page contre les abus (limitation des requêtes) et dans des journaux du serveur conservés ${period(f.retention.logs)}.`,
              '**Cookies et stockage local**\u00a0: un cookie signé qui mémorise votre inscription sur cette page, votre langue, vos choix en matière de cookies et, uniquement avec votre consentement à la mesure d’audience, un numéro de visiteur aléatoire — voir la [politique de cookies](/cookies).',
            ],
          },
          `Les vues et autres visites sont comptées sans vous identifier\u00a0: la clé aléatoire du jour qui transforme votre connexion en un numéro anonyme est supprimée après ${period(f.retention.analyticsSalt)}, et chaque visite comptée après ${period(f.retention.analyticsEvents)}\u00a0; seuls les totaux quotidiens restent.`,
        ],
      },
      {
        id: 'finalites',
        title: 'Pourquoi, et sur quelle base légale',
        body: [
          {
            table: {
              head: ['Finalité', 'Base légale'],
              rows: [
                [
                  'Vous remettre les photos et vidéos demandées et garder la trace de votre inscription et de vos consentements',
                  'Votre consentement (RGPD art. 6.1.a\u00a0; LGPD art. 7, I)',
                ],
                [
                  `Comprendre quels contenus et événements plaisent aux fans, pour que ${f.companyName} améliore ses concerts et ses pages`,
                  `Votre consentement au traitement de vos données et l’intérêt légitime de ${f.companyName} (RGPD art. 6.1.f\u00a0; LGPD art. 7, IX)`,
                ],
                [
                  `Vous envoyer des nouvelles et des offres de ${f.companyName} (billets, sorties, merchandising)`,
                  'Uniquement si vous avez coché le consentement facultatif au marketing (RGPD art. 6.1.a\u00a0; LGPD art. 7, I)',
                ],
                [
                  'Protéger la page contre les abus',
                  'Intérêt légitime à fournir un service sûr (RGPD art. 6.1.f\u00a0; LGPD art. 7, IX)',
                ],
              ],
            },
          },
          'Fournir vos données est facultatif, mais certains téléchargements ne sont accessibles qu’après inscription.',
        ],
      },
      {
        id: 'me-trouver',
        title: 'Me trouver : trouver vos photos avec un selfie',
        body: [
          'Lorsqu’une galerie propose **Me trouver**, vous pouvez prendre un selfie ou choisir une photo de vous pour trouver les photos de cette galerie où vous apparaissez. Ce n’est utilisé que si vous le demandez et cochez sa propre case de consentement.',
          {
            list: [
              '**Ce qui est traité** : votre selfie, pour lire les traits de votre visage (donnée biométrique) et les comparer aux visages des photos de la galerie. Le selfie est traité en mémoire et supprimé aussitôt : il n’est jamais conservé, jamais journalisé et jamais partagé.',
              '**Ce qui est conservé** : qu’une recherche a eu lieu (date et heure, la version du texte de consentement, votre langue) et les photos trouvées, pour que votre lien les ouvre pendant 30 jours. Rien de cela ne vous identifie.',
              '**Les photos de la galerie** : tant que Me trouver est actif sur une galerie, les visages de ses photos sont conservés sous forme de nombres (pas d’images) pour que les recherches les trouvent ; ils sont supprimés avec la photo, avec la galerie, ou dès que l’entreprise désactive Me trouver.',
              '**Base légale** : votre consentement explicite (RGPD art. 9(2)(a) ; LGPD art. 11, I), que vous pouvez retirer à tout moment en ne cherchant plus ; une demande « Me retirer » demande à l’entreprise de masquer ces photos ou d’exclure votre visage de la recherche.',
            ],
          },
        ],
      },
      {
        id: 'destinataires',
        title: 'Qui a accès à vos données',
        body: [
          `Seuls les membres autorisés de l’équipe de ${f.companyName} (ses administrateurs et managers) peuvent consulter et exporter la liste des inscriptions\u00a0; chaque accès est journalisé. Afterglow et ses prestataires (hébergement, stockage, envoi d’e-mails) ne traitent les données que pour faire fonctionner la page. Vos données ne sont pas vendues. Elles ne sont communiquées aux autorités que si la loi l’exige.`,
          `Si ${f.companyName} relie ses propres systèmes à la page (par exemple son outil d’e-mailing ou de billetterie, via l’API ou les webhooks d’Afterglow), votre inscription leur est envoyée au moment où vous vous inscrivez, selon les mêmes règles. Afterglow conserve une copie de chaque message envoyé pendant ${period(f.retention.webhookDeliveries)} pour montrer qu’il est arrivé, puis la supprime.`,
          'Certains de ces prestataires peuvent traiter des données en dehors de votre pays. Elles sont alors protégées par une décision d’adéquation ou par des clauses contractuelles types.',
        ],
      },
      {
        id: 'conservation',
        title: 'Combien de temps elles sont conservées',
        body: [
          `Votre inscription est conservée jusqu’au retrait de votre consentement ou à votre demande d’effacement, ou jusqu’à ce que ${f.companyName} la supprime parce qu’elle n’est plus nécessaire — et au plus tard jusqu’à la clôture du compte Afterglow de ${f.companyName}. Le consentement au marketing prend fin dès que vous le retirez. Le cookie signé reste dans votre navigateur pendant ${f.leadCookieDays} jours, ou jusqu’à sa suppression.`,
        ],
      },
      {
        id: 'droits',
        title: 'Vos droits',
        body: [
          'Vous avez le droit d’accéder à vos données, de les faire rectifier ou effacer, d’en limiter le traitement ou de vous y opposer, de les recevoir dans un format portable et de retirer votre consentement à tout moment — le retrait n’affecte pas ce qui a été fait auparavant. Vous pouvez aussi introduire une réclamation auprès d’une autorité de protection des données, notamment celle du lieu où vous vivez (en France, la CNIL\u00a0; au Brésil, l’ANPD).',
          `Pour exercer ces droits, contactez ${f.companyName} via les coordonnées indiquées sur sa page. Vous pouvez aussi écrire à Afterglow à ${mail(f.contactEmail)}\u00a0: votre demande sera transmise sans délai à ${f.companyName}.`,
        ],
      },
      {
        id: 'modifications',
        title: 'Modifications',
        body: [
          `Ceci est la version ${POLICY_VERSION} de cette notice, mise à jour le ${date}. En cas de modification importante, la nouvelle version sera affichée ici et, si votre consentement est à nouveau nécessaire, il vous sera demandé.`,
        ],
      },
    ],
  }),
}
