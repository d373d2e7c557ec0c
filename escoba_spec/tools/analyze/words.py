"""The report's headings and sentences in the rulebooks' five languages (tools/rulebook's
LANGUAGES). A small catalogue of its own: the report has some thirty phrases, none the
rulebooks share."""

from __future__ import annotations

LANGUAGES = ("en", "es", "pt", "it", "fr")

_WORDS: dict[str, tuple[str, str, str, str, str]] = {
    # key: (en, es, pt, it, fr)
    "title": ("Balance report", "Informe de equilibrio", "Relatório de equilíbrio", "Rapporto di equilibrio",
              "Rapport d'équilibre"),
    "static": ("Before play", "Antes de jugar", "Antes do jogo", "Prima del gioco", "Avant le jeu"),
    "seat_advantage": ("Seat advantage", "Ventaja de posición", "Vantagem de posição", "Vantaggio di posizione",
                       "Avantage de place"),
    "skill": ("Skill", "Habilidad", "Habilidade", "Abilità", "Habileté"),
    "decisiveness": ("Decisiveness", "Decisión", "Decisão", "Decisività", "Caractère décisif"),
    "rules": ("Scoring rules", "Reglas de puntuación", "Regras de pontuação", "Regole di punteggio",
              "Règles de décompte"),
    "differences": ("Differences", "Diferencias", "Diferenças", "Differenze", "Différences"),
    "leftovers": ("Leftover check", "Comprobación de las cartas restantes", "Verificação das sobras",
                  "Controllo delle carte rimaste", "Contrôle des cartes restantes"),
    "bots_note": ("Measured under random, greedy, heuristic and expert play (the expert with {budget} playouts a "
                  "decision, over {games} matches a run).",
                  "Medido con juego aleatorio, codicioso, heurístico y experto (el experto con {budget} simulaciones "
                  "por decisión, en {games} partidas por serie).",
                  "Medido com jogo aleatório, guloso, heurístico e especialista (o especialista com {budget} "
                  "simulações por decisão, em {games} partidas por série).",
                  "Misurato con gioco casuale, avido, euristico ed esperto (l'esperto con {budget} simulazioni per "
                  "decisione, su {games} partite per serie).",
                  "Mesuré en jeu aléatoire, glouton, heuristique et expert (l'expert avec {budget} simulations par "
                  "décision, sur {games} parties par série)."),
    "missed": ("Legal play can leave these totals, which the list misses: {totals}.",
               "El juego legal puede dejar estos totales, que la lista omite: {totals}.",
               "O jogo legal pode deixar estes totais, que a lista omite: {totals}.",
               "Il gioco legale può lasciare questi totali, che l'elenco omette: {totals}.",
               "Le jeu légal peut laisser ces totaux, que la liste omet : {totals}."),
    "no_plots": ("The plots need matplotlib, which is not installed: pip install 'escoba-spec[plots]'.",
                 "Los gráficos necesitan matplotlib, que no está instalado: pip install 'escoba-spec[plots]'.",
                 "Os gráficos precisam do matplotlib, que não está instalado: pip install 'escoba-spec[plots]'.",
                 "I grafici richiedono matplotlib, che non è installato: pip install 'escoba-spec[plots]'.",
                 "Les graphiques demandent matplotlib, qui n'est pas installé : pip install 'escoba-spec[plots]'."),
    "listed": ("Listed totals", "Totales listados", "Totais listados", "Totali elencati", "Totaux listés"),
    "reached": ("reached", "alcanzados", "alcançados", "raggiunti", "atteints"),
    "impossible": ("impossible", "imposibles", "impossíveis", "impossibili", "impossibles"),
    "undetermined": ("undetermined", "sin determinar", "indeterminados", "indeterminati", "indéterminés"),
    "layout": ("table", "mesa", "mesa", "tavolo", "table"),
    "rule": ("rule", "regla", "regra", "regola", "règle"),
    "never": ("never scores on the probe piles", "nunca puntúa en los montones de prueba",
              "nunca pontua nos montes de teste", "non segna mai sui mazzetti di prova",
              "ne marque jamais sur les plis d'essai"),
    "always": ("always scores on the probe piles", "siempre puntúa en los montones de prueba",
               "sempre pontua nos montes de teste", "segna sempre sui mazzetti di prova",
               "marque toujours sur les plis d'essai"),
    "points_range": ("Points per hand on the probe piles: least {least}, most {most}.",
                     "Puntos por mano en los montones de prueba: mínimo {least}, máximo {most}.",
                     "Pontos por mão nos montes de teste: mínimo {least}, máximo {most}.",
                     "Punti per mano sui mazzetti di prova: minimo {least}, massimo {most}.",
                     "Points par donne sur les plis d'essai : au moins {least}, au plus {most}."),
    "bot": ("bot", "bot", "bot", "bot", "bot"),
    "side": ("side", "bando", "lado", "squadra", "camp"),
    "win_rate": ("match win rate", "partidas ganadas", "partidas ganhas", "partite vinte", "parties gagnées"),
    "first_player_edge": ("first player's edge", "ventaja de quien sale", "vantagem de quem sai",
                          "vantaggio di chi gioca per primo", "avantage du premier joueur"),
    "dealer": ("first dealer's side", "bando del primer repartidor", "lado do primeiro a dar",
               "squadra del primo mazziere", "camp du premier donneur"),
    "skill_sentence": ("{bot} against greedy wins {rate} of matches (95% interval {lo}–{hi}, {games} matches).",
                       "{bot} contra codicioso gana {rate} de las partidas (intervalo del 95% {lo}–{hi}, {games} partidas).",
                       "{bot} contra guloso ganha {rate} das partidas (intervalo de 95% {lo}–{hi}, {games} partidas).",
                       "{bot} contro avido vince {rate} delle partite (intervallo al 95% {lo}–{hi}, {games} partite).",
                       "{bot} contre glouton gagne {rate} des parties (intervalle à 95 % {lo}–{hi}, {games} parties)."),
    "trace_note": ("The skill trace: the expert's match win rate against greedy as its playouts per decision grow.",
                   "La curva de habilidad: las partidas que el experto gana al codicioso según sus simulaciones por "
                   "decisión.",
                   "A curva de habilidade: as partidas que o especialista ganha ao guloso conforme as suas simulações "
                   "por decisão.",
                   "La curva di abilità: le partite che l'esperto vince contro l'avido al crescere delle sue "
                   "simulazioni per decisione.",
                   "La courbe d'habileté : les parties que l'expert gagne contre le glouton selon ses simulations par "
                   "décision."),
    "budget": ("playouts per decision", "simulaciones por decisión", "simulações por decisão",
               "simulazioni per decisione", "simulations par décision"),
    "hands_mean": ("hands per match (mean)", "manos por partida (media)", "mãos por partida (média)",
                   "mani per partita (media)", "donnes par partie (moyenne)"),
    "leader_wins": ("leader after a hand goes on to win", "quien va delante tras una mano acaba ganando",
                    "quem lidera após uma mão acaba ganhando", "chi è in testa dopo una mano poi vince",
                    "le meneur après une donne finit par gagner"),
    "comebacks": ("matches won from behind", "partidas ganadas remontando", "partidas ganhas de virada",
                  "partite vinte in rimonta", "parties gagnées en remontant"),
    "largest_comeback": ("largest deficit overcome", "mayor desventaja remontada", "maior desvantagem virada",
                         "massimo svantaggio rimontato", "plus grand retard remonté"),
    "leader_note": ("The leader is the one side ahead after a hand (lowest first when the goal is to avoid the "
                    "target), counted after every hand but a match's last; its interval is of the share, the hands "
                    "of a match not being independent. A comeback is a match won by a side that was behind after "
                    "some hand.",
                    "Quien va delante es el único bando en cabeza tras una mano (el de menos puntos cuando se trata "
                    "de no llegar a la meta), contado tras cada mano salvo la última de la partida; su intervalo es "
                    "el de la proporción, pues las manos de una partida no son independientes. Una remontada es una "
                    "partida ganada por un bando que iba detrás tras alguna mano.",
                    "Quem lidera é o único lado à frente após uma mão (o de menos pontos quando se trata de não "
                    "chegar à meta), contado após cada mão exceto a última da partida; o seu intervalo é o da "
                    "proporção, pois as mãos de uma partida não são independentes. Uma virada é uma partida ganha "
                    "por um lado que estava atrás após alguma mão.",
                    "Chi è in testa è l'unica squadra davanti dopo una mano (quella con meno punti quando lo scopo "
                    "è non raggiungere il traguardo), contata dopo ogni mano tranne l'ultima della partita; il suo "
                    "intervallo è quello della proporzione, poiché le mani di una partita non sono indipendenti. "
                    "Una rimonta è una partita vinta da una squadra che era indietro dopo qualche mano.",
                    "Le meneur est le seul camp en tête après une donne (celui qui a le moins de points quand le "
                    "but est d'éviter la cible), compté après chaque donne sauf la dernière de la partie ; son "
                    "intervalle est celui de la proportion, les donnes d'une partie n'étant pas indépendantes. "
                    "Une remontée est une partie gagnée par un camp qui était mené après une donne."),
    "per_hand": ("points per hand", "puntos por mano", "pontos por mão", "punti per mano", "points par donne"),
    "decided": ("decided the match", "decidió la partida", "decidiu a partida", "ha deciso la partita",
                "a décidé la partie"),
    "quiet": ("matches it never scored", "partidas sin puntuar", "partidas sem pontuar", "partite senza segnare",
              "parties sans marquer"),
    "sd": ("sd per hand", "desv. típica por mano", "desvio padrão por mão", "dev. std. per mano",
           "écart type par donne"),
    "stated": ("Stated differences", "Diferencias declaradas", "Diferenças declaradas", "Differenze dichiarate",
               "Différences déclarées"),
    "measured": ("Measured effects (B − A)", "Efectos medidos (B − A)", "Efeitos medidos (B − A)",
                 "Effetti misurati (B − A)", "Effets mesurés (B − A)"),
    "significant": ("significant", "significativo", "significativo", "significativo", "significatif"),
    "not_significant": ("not significant", "no significativo", "não significativo", "non significativo",
                        "non significatif"),
    "games": ("{games} matches per run, seed {seed}, engine {engine}.",
              "{games} partidas por serie, semilla {seed}, motor {engine}.",
              "{games} partidas por série, semente {seed}, motor {engine}.",
              "{games} partite per serie, seme {seed}, motore {engine}.",
              "{games} parties par série, graine {seed}, moteur {engine}."),
}


def words(lang: str) -> dict[str, str]:
    """Every phrase in `lang` (one of LANGUAGES)."""
    i = LANGUAGES.index(lang)
    return {key: forms[i] for key, forms in _WORDS.items()}
