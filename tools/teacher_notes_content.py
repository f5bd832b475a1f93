"""The hand-written part of the teacher notes (docs/teaching/lesson_NN.md): per lesson its title, aims, a 45-minute
plan, and for each question (by its id in tameri_kit/lessons/questions_NN.py) the answer and the working, worked
out by hand from the rulebook sections named (those asked about a lesson's position: tools/teacher_notes_positions.py).
tools/teacher_notes.py adds the prompts, the common mistakes and the
hints from the questions themselves.  Ids no longer asked are ignored; a new question needs an entry here."""

# Per lesson: (title, aims, plan, {question id: (answer, working)}).  The questions asked about a lesson's seeded
# position or stored study are not here: tools/teacher_notes_positions.py (WORKED) works them out for the position
# the lesson builds.
LESSONS_CONTENT = {}
L = LESSONS_CONTENT
L[0] = (
    "Start here",
    [
        "know what Tameri is in three sentences and what the kit offers",
        "open a lesson, run it, and answer a Predict box",
        "find the pyramid's four ramps and the eight fields on the board picture",
    ],
    [
        ("0-5", "What Tameri is: read the three sentences aloud; show the board picture."),
        ("5-15", "How a lesson works: run the first cells together; show a Predict box, Check, Hint, Reveal."),
        ("15-30", "The two questions (ramps, fields): pupils answer alone first, then compare with a neighbour."),
        (
            "30-40",
            "The list of lessons and the honest-data note: which parts of the game are invented (the cards' pictures were lost).",
        ),
        ("40-45", "Set up for lesson 01: everyone has the kit running."),
    ],
    {
        "ramps": (
            "4",
            "The plastic structure has 4 ramps (Components); seen from above the pyramid is a square, one ramp per side.",
        ),
        "fields": (
            "8",
            "Productive Fields and Harvests: 8 fields, 2 for each of the 4 resources; each ramp's river has a field on each bank, 4 x 2 = 8.",
        ),
    },
)
L[1] = (
    "What is Tameri?",
    [
        "say how the game is won and name the ways to score",
        "name the parts of the board",
        "describe the game's shape: Season 0, 3 Seasons of 4 rounds, 5 phases a round (the new page *A round at a glance*)",
        "read an Action card and name the eight actions",
    ],
    [
        ("0-5", "The goal: Victory Points; the ways to score (list on the board)."),
        ("5-15", "The board, part by part, on the board picture."),
        (
            "15-25",
            "A game's shape: question rounds_in_a_game first (the page below counts the rounds); once pupils have checked "
            "it, hand out *A round at a glance* (`docs/teaching/round_at_a_glance.pdf`, one copy per pair).",
        ),
        ("25-38", "The eight actions and a card; questions worker_actions and card_89_after_face_down."),
        ("38-45", "Summary; pupils say the five phases in order from memory."),
    ],
    {
        "rounds_in_a_game": (
            "12",
            "Playing the Game: 12 rounds in 3 Seasons. A Season ends when each board holds 4 Action cards (Phase 5), one card a round, so 4 rounds a Season; 3 x 4 = 12. Season 0 is the draft, not a round.",
        ),
        "worker_actions": (
            "4",
            "Possible Actions: of the 8 actions, 4 place or move a Worker: Farmer (field), Merchant (Market), Builder (building site), Priest (Temple). Harvest, Sphinx, Decoration and Offering do not.",
        ),
        "card_89_after_face_down": (
            "both of its actions, top then bottom",
            "Glyphs, Actions, and Unrevealed Cards: a face-down card shows all 4 glyphs on its right side, so the next card completes a glyph whenever it has at least one glyph on its left; then both actions are used, top first. Card 89 has a left glyph in the kit's data, so John uses both. (The board's Sunrise does not matter here: the card before is the face-down one.)",
        ),
    },
)
L[2] = (
    "The weather pyramid",
    [
        "read and write a pyramid in the kit's notation",
        "follow a weather phase step by step (Phase 1: Weather, steps 1-6)",
        "say which fields are productive and what a Farmer harvests",
    ],
    [
        ("0-5", "Recall the set-up: 2 Suns on each ramp, 2 Silt in each river."),
        ("5-15", "The six steps of a weather phase, on the board picture; Example 2a together."),
        (
            "15-25",
            "Question example_2b_north (asked before Example 2b): pupils predict on the worksheet, then Check; work Example 2b on the board.",
        ),
        ("25-30", "Productive Fields and Harvests: the four crops' limits; the Silt numbers."),
        (
            "30-42",
            "Worksheet questions B-D in pairs (north_after_water_and_sun, east_after_four_spheres, east_flax_harvest), then Check in the lesson.",
        ),
        ("42-45", "Summary: step 5 (Silt out) always before step 6 (pairs)."),
    ],
    {
        "example_2b_north": (
            "- (an empty ramp)",
            "North after the landings, bottom up: S S L W W. Step 4: no five alike. Step 5: the Silt goes to the North river, the Waters slide down: S S W W. Step 6: the middle Sun and Water touch and leave: S W; now these touch and leave too. Nothing stays (Phase 1: Weather, steps 5 and 6; rulebook Example 2b).",
        ),
        "north_after_water_and_sun": (
            "SS",
            "North, bottom up: S S W S. Step 6: the Water touches a Sun; that pair leaves (one Water leaves with one Sun). S S are alike and stay.",
        ),
        "east_after_four_spheres": (
            "S",
            "East, bottom up: S S L W S W. Step 5: the Silt leaves: S S W S W. Step 6: the lowest touching pair (2nd Sun, 1st Water) leaves: S S W; that Sun and Water now touch and leave: S. Three Suns and two Waters: two pairs leave, one Sun stays.",
        ),
        "east_flax_harvest": (
            "2",
            "One sphere (a Sun) stays on East: Flax is productive with exactly 1 sphere of any type. The East river held 2 Silt from the set-up and gets the Silt that landed: 3 Silt, which yields 2 resources (Productive Fields and Harvests: 1-2 Silt give 1, 3 give 2, 4 give 3).",
        ),
    },
)
L[3] = (
    "Probability on the weather ramps",
    [
        "say why one sphere lands on a ramp with chance 1/4, and how a tilt changes it",
        "explain why the order of landings can matter",
        "compute the chance that a field is productive, exactly, and compare with a simulation",
    ],
    [
        ("0-8", "The chance model: 4 ramps, each 1/4; a tree for one sphere, then two."),
        ("8-18", "Order matters: question five_suns_stay (worksheet A), with the tree of the two spheres."),
        ("18-28", "A field's chance: question flax_east_one_water (worksheet B)."),
        (
            "28-40",
            "The tilted pyramid: the polynomial p^2 - p + 1; questions fruit_north_worst_tilt and fruit_north_lowest_chance (worksheet C-D); sketch the parabola.",
        ),
        ("40-45", "Exact versus simulated: run the simulation, compare with the fractions."),
    ],
    {
        "five_suns_stay": (
            "1/32",
            "Both spheres must land on North: 1/4 x 1/4 = 1/16. And the order matters: if the Sun lands first, North reads S S S S S L at step 4, five Suns in a row, and the lowest leaves (step 4). If the Silt lands first, North reads S S S S L S: no five in a row at step 4; step 5 takes the Silt out and five Suns stay (the kit's reading W3: step 4 is not repeated). Each order has chance 1/2: 1/16 x 1/2 = 1/32.",
        ),
        "flax_east_one_water": (
            "1/4",
            "East starts with S S. Flax is productive with at most 1 sphere (none: always). If the Water lands on East (chance 1/4): S S W, one pair leaves, one Sun stays: productive. Elsewhere (3/4): East keeps 2 Suns: not productive. So 1/4.",
        ),
        "fruit_north_worst_tilt": (
            "p = 1/2",
            "f(p) = p^2 - p + 1 = (p - 1/2)^2 + 3/4, smallest where p - 1/2 = 0, i.e. p = 1/2 (or: f'(p) = 2p - 1 = 0).",
        ),
        "fruit_north_lowest_chance": (
            "3/4",
            "f(1/2) = 1/4 - 1/2 + 1 = 3/4. Check the formula by hand: Fruit on North is not productive only when the Water lands on North and the Sun does not (Water alone: not productive; Sun and Water together leave as a pair: empty ramp, productive): p(1 - p); so the chance is 1 - p + p^2.",
        ),
    },
)
L[4] = (
    "Glyph chains and turn order",
    [
        "say whether a card completes a glyph and what it then allows",
        "price a face-down card",
        "put a round's players in turn order, with face-down cards and the promo card 0",
    ],
    [
        (
            "0-8",
            "What is on a card: glyphs left and right, two actions, weather, resource. Use the coloured glyph badges (Sunrise and Sunset differ by colour and arrow).",
        ),
        ("8-18", "Examples 5a and 5b; question example_5a_order."),
        ("18-28", "Examples 3a-3c: matching glyphs, Temple cards, the face-down back."),
        (
            "28-38",
            "Example 4: the face-down price; question second_face_down_cost; question promo_and_face_down_order.",
        ),
        ("38-45", "Example 29 (observatories) if time; summary."),
    ],
    {
        "example_5a_order": (
            "George, Ringo, Paul, John",
            "Phase 3: the lowest number plays first. Cards: George 2, Ringo 14, Paul 21, John 59.",
        ),
        "second_face_down_cost": (
            "2",
            "Phase 3: a face-down card costs 1 Deben for each card played face down so far this Season, this one included. Before 97 only card 7 was face down, so 97 is the 2nd: 2 Deben (rulebook Example 4).",
        ),
        "promo_and_face_down_order": (
            "Paul, John, Ringo, George",
            "Face-down cards count as 1 and play before all revealed cards, except the promo card 0, which plays before them (Phase 3). Between the two face-down cards their real numbers decide: John's 44 before Ringo's 65. Then the revealed card 2 (George).",
        ),
    },
)
L[5] = (
    "Workers and the eight actions",
    [
        "say which actions place a Worker and where it may come from",
        "say what each of the eight actions does and costs",
        "use the Nile and keep to the warehouse limit of 4",
    ],
    [
        ("0-5", "Your Workers: 4 free, 4 locked; question workers_at_start."),
        ("5-15", "Farmer and Harvest on the explorer; question harvest_yield."),
        ("15-22", "Merchant and the Market; question trade_gain."),
        (
            "22-30",
            "Builder and the Buildings; question builder_cost (step 1 of the action places or moves the Builder before the purchase).",
        ),
        ("30-38", "Priest, Sphinx, Decoration, Offering; question offering_points."),
        ("38-45", "The Nile, the warehouse limit, Deben; questions nile_warehouse_limit and third_face_down."),
    ],
    {
        "workers_at_start": (
            "4",
            "Game Setup 3b: 8 Workers, 4 on the Locked Worker spaces; the other 4 are available.",
        ),
        "offering_points": (
            "4",
            "Offering to the Pharaoh: 3 different resources hidden, 3 + 1 = 4 points at once (rulebook Example 14).",
        ),
        "third_face_down": (
            "3",
            "Phase 3: 1 Deben per face-down card this Season including this one: the 3rd costs 3.",
        ),
    },
)
L[6] = (
    "Priests in the Temples",
    [
        "apply the Priest movement rules: entering, up to 4 steps with different resources, passing, pushing, the top of a track",
        "reproduce Example 10 and Example 18",
    ],
    [
        ("0-8", "The three tracks and the notation."),
        ("8-18", "One Priest action event by event; Example 10."),
        ("18-25", "The top of a track; question steps_below_the_top."),
        ("25-35", "Puzzle: question push_two_priests, in pairs."),
        ("35-45", "The Priest card draft (End of the Season, step 1), Example 18; question example_18_john_keeps."),
    ],
    {
        "steps_below_the_top": (
            "+1 and +2",
            "Ptah has 8 spaces; Yellow 8, Green 7, Blue 6, Red 3. +1 ends on 4 (empty), +2 on 5 (empty). +3 ends on 6 (Blue): Blue is pushed to 7 (Green), Green to 8 (Yellow), Yellow past the top: not allowed. +4 ends on 7: Green is pushed to 8, Yellow past the top: not allowed. A Priest may neither advance nor be pushed beyond the top space (Priest).",
        ),
        "push_two_priests": (
            "`Red enters Amun +3 pay barley,papyrus,flax` or `Red Ptah +4 pay barley,papyrus,flax,fruit` (the puzzle accepts any move that pushes two priests; the resources only need to differ)",
            "A push happens only where the move ends, and chains when the pushed priest lands on another (Priest). Amun: entering counts as step 1, so +3 ends on 3 (Blue); Blue is pushed onto 4 (Green), Green onto 5 (empty): two pushed. Ptah: Red's priest on 1 climbs 4, passing Green (3) and ending on 5 (Yellow); Yellow is pushed onto 6 (Blue), Blue onto 7: two pushed.",
        ),
        "example_18_john_keeps": (
            "3",
            "End of the Season, step 1: one card per Priest; John has a Priest in each of the three Temples (Amun 5, Ra 2, Ptah 1), so he keeps 3 (rulebook Example 18: he keeps one at the start, one later, and the last).",
        ),
    },
)
L[7] = (
    "Offerings, majorities and the final score",
    [
        "score an Offering, with the Bazaar, Black Market and Offering Tray",
        "resolve the season-end majorities type by type",
        "add up an end-of-game score, including the best split into sets",
        "compute the chance of a majority and the worth of one more resource",
    ],
    [
        ("0-10", "Offering to the Pharaoh; questions paul_offering_points and paul_offering_screen (worksheet A-B)."),
        (
            "10-20",
            "The end of a Season, Example 21; questions fruit_majority_with_four and ringo_majority_points (worksheet C-D).",
        ),
        (
            "20-32",
            "The end of the game; question best_split_points (worksheet E), then george_gap_to_winner and george_with_two_more_cards on the lesson's final table.",
        ),
        ("32-42", "How likely is a majority: question third_resource_worth (worksheet H), worked on the board."),
        ("42-45", "Summary."),
    ],
    {
        "paul_offering_points": (
            "5",
            "Offering to the Pharaoh: points = the resources offered (1 to 4 different) + 1. C5 Black Market (Building Card List): 2 resources of your choice may be spent in place of 1, so the Flax and Barley stand for the Fruit and the offering counts as Barley, Papyrus, Flax, Fruit: 4 + 1 = 5. B3 Offering Tray: the extra Fruit from the supply goes behind the screen but gives no point now.",
        ),
        "paul_offering_screen": (
            "6",
            "Barley, Papyrus, Flax, plus the Flax and Barley paid in place of the Fruit: 5 resources; plus the Fruit the Offering Tray adds from the supply: 6 behind the screen (the kit's reading: what is paid for the offering goes behind the screen).",
        ),
        "fruit_majority_with_four": (
            "George",
            "End of the Season 4b: the most of a type gets 2 points; George's 4 Fruit beat Ringo's 3.",
        ),
        "ringo_majority_points": (
            "4",
            "In Example 21 Ringo scores Flax (tie, 1), Fruit (2), Papyrus (2), Barley (tie, 1) = 6. With George's 4 Fruit, Ringo loses the Fruit 2: 1 + 2 + 1 = 4.",
        ),
        "best_split_points": (
            "7",
            "End of the Game 2: sets of different symbols score 1, 2, 4 for 1, 2, 3 symbols. A A A B B C: {A,B,C} + {A,B} + {A} = 4 + 2 + 1 = 7; the other split {A,B} + {A,B} + {A,C} = 6; so 7.",
        ),
        "george_with_two_more_cards": (
            "yes",
            "Two more Priest cards of the highest value (3 points each in the kit's data) add 6 to George's total; 3 points behind, he would end 3 ahead of the winner (End of the Game, steps 3 and 6).",
        ),
        "third_resource_worth": (
            "7/8",
            "Three opponents, each 0-3 equally likely (chance 1/4 each). With 3: you have the strict most when all three offer at most 2: (3/4)^3 = 27/64, 2 points; else you tie at 3: 37/64, 1 point. E(3) = (54 + 37)/64 = 91/64. With 2: strict most when all offer at most 1: (1/2)^3 = 8/64, 2 points; a tie when the largest is 2: 27/64 - 8/64 = 19/64, 1 point. E(2) = (16 + 19)/64 = 35/64. Difference 56/64 = 7/8.",
        ),
    },
)
L[8] = (
    "A whole game, picture by picture",
    [
        "read a drawing of the whole board",
        "follow a round through its five phases and predict what happens next",
        "tell what one player may see",
    ],
    [
        ("0-8", "The model game and the board after Season 0 (use *A round at a glance* beside it)."),
        ("8-20", "Round 1 phase by phase; question turn_order."),
        ("20-28", "The end of Season 1."),
        ("28-35", "A Harvest read from the pyramid; question harvest_total."),
        ("35-45", "The final score; question leftover_points; the record and replay."),
    ],
    {},
)
L[9] = (
    "Play a game yourself",
    [
        "play a whole game as John against two bots",
        "choose cards with the glyphs in mind",
        "decide when a face-down card is worth its price",
    ],
    [
        ("0-5", "The table: what John sees."),
        ("5-20", "Season 0 and round 1 together; question cards_giving_both_actions."),
        ("20-25", "Phase 3; question face_down_price."),
        ("25-45", "Pupils play on in pairs; stop at 40 and compare scores."),
    ],
    {},
)
L[10] = (
    "Other Egyptian games",
    [
        "compare Tameri's majorities with Ra's Pharaoh scoring and the Favors",
        "compute simple chances in Ra's bag, Tameri's pyramid and Seth's dice",
    ],
    [
        ("0-10", "Ra's scoring; question ra_tie_for_most (in Ra each tied player gains the full 5)."),
        ("10-18", "question pharaoh_total."),
        ("18-28", "Ra's bag; question bag_after_twenty."),
        ("28-36", "Tameri again: question two_waters_north."),
        ("36-45", "Seth's dice; question two_red_dice_high_five."),
    ],
    {
        "ra_tie_for_most": (
            "5",
            "Ra: the most Pharaohs gain 5 fame, and each player tied for the most gains the full 5.",
        ),
        "pharaoh_total": (
            "6",
            "Counts 3, 3, 1, 1: the two with the most gain 5 each (+10), the two with the fewest lose 2 each (-4): +6.",
        ),
        "bag_after_twenty": (
            "13/80",
            "Ra's bag holds 180 tiles (Ra rules, Components), 30 of them Ra tiles (the kit's bag data; the Ra text does not list the count). After 20 drawn with 4 Ra: 26 Ra among 160 tiles: 26/160 = 13/80.",
        ),
        "two_waters_north": ("7/16", "Neither lands on North: (3/4)^2 = 9/16; at least one: 1 - 9/16 = 7/16."),
        "two_red_dice_high_five": (
            "11/36",
            "A red die shows 5 on one face of six: 1/6. The higher shows 5 when at least one does: 1 - (5/6)^2 = 11/36.",
        ),
    },
)
L[11] = (
    "Exploring the rules",
    [
        "run seeded sweeps of many games",
        "read a confidence interval and a p-value and decide whether a difference is beyond luck",
    ],
    [
        ("0-10", "A sweep of random games; questions first_seat and p_value_and_interval."),
        ("10-18", "Rotated seats and interval widths; questions seat_three_against_two and games_to_halve."),
        ("18-28", "Buildings and points; question building_owners."),
        ("28-34", "Greedy against random; question greedy_against_random."),
        ("34-39", "The Ghost's levels; question ghost_levels."),
        ("39-42", "A general search algorithm against the strong bot; question search_against_strong."),
        (
            "42-45",
            "A search that knows the game, the expert bot: against the strong bot, and the seat order with four "
            "expert bots; questions expert_against_strong and expert_seat_order.",
        ),
    ],
    {
        "p_value_and_interval": (
            "it changes the points; the games cannot tell whether it changes who wins",
            "Points: the interval [+0.5, +2.3] lies wholly above 0 and p = 0.003 < 0.05, so the reading changes the points. Win rate: the interval [-3.1%, +7.1%] holds 0 and p = 0.44, so a change of 0 is not ruled out, but neither is +7%: the games cannot tell. 'Cannot tell' is not 'no change'.",
        ),
        "games_to_halve": (
            "1200 (4 times the 300 games)",
            "An interval's width shrinks like 1/sqrt(n): half the width needs 4 times as many games, 4 x 300 = 1200 in all.",
        ),
    },
)
L[12] = (
    "Solo against the Ghost",
    ["set up and play the +1 Player (Ghost) mode", "predict the Ghost's Farmer placements and Nile choices"],
    [
        ("0-10", "The Ghost's set-up; question example_30_third_farmer."),
        ("10-22", "Ghost actions; question ghost_farmer_moves."),
        ("22-32", "The Ghost and the Nile; question season_2_nile_card."),
        ("32-40", "Why the Ghost wins: questions ghost_top_source and ghost_draft_cards."),
        ("40-45", "Pupils start a solo game."),
    ],
    {
        "example_30_third_farmer": (
            "S-papyrus",
            "+1 Player Mode, Season 0 and Example 30: the third card names S-barley, where a Ghost Farmer already stands, so the Farmer goes to the first field clockwise from it, the Papyrus field on the same (south) river, S-papyrus.",
        ),
        "ghost_farmer_moves": (
            "W-flax",
            "+1 Player Mode, Possible Actions, Farmer b: the Ghost has no Farmer on N-fruit and it has an empty space, so its closest Farmer in the clockwise direction moves there. Seen from above, clockwise runs North, East, South, West, North: the Farmer that reaches the North fields soonest going clockwise is the one on the West river, W-flax (the S fields are two rivers away).",
        ),
        "ghost_draft_cards": (
            "9",
            "+1 Player Mode, Ghost Player step 3a: the Ghost starts with a Priest in each of the 3 Temples, and it never places more (its Priest action advances the ones it has). End of the Season step 1 deals one card per Priest, and the Ghost gets a random one at each of its turns in the draft: 3 cards at each of the 3 Season ends, 3 x 3 = 9.",
        ),
    },
)


# The rules a worksheet's pupils need when they work in pairs away from the lesson: the rule, never an answer
# (tests/lessons/test_teaching_docs.py checks that no worksheet gives one).
WORKSHEET_RULES = {
    2: [
        "Phase 1, steps 4-6, in this order on every ramp: five alike in a row lose their lowest; every Silt in view "
        "leaves for the river beside the ramp; a Sun and a Water that touch leave together, again and again, the "
        "lowest pair first.",
        "Which fields grow (only spheres in view count): Barley up to 2 spheres of any colour; Flax at most 1 sphere; "
        "Fruit up to 3 Sun and no Water; Papyrus up to 3 Water and no Sun.",
        "A Farmer on a field that grows harvests the number printed beside the farthest Silt in its river.",
    ],
    3: [
        "On a fair pyramid each sphere lands on each of the 4 ramps with chance 1/4, whatever the other spheres do.",
        "Chances of independent landings multiply; chances of cases that cannot happen together add.",
        "The chance that something happens is 1 minus the chance that it does not.",
        "The weather rules of lesson 02 still hold: Silt leaves for the river (step 5) after five alike lose their "
        "lowest (step 4); a Sun and a Water that touch leave together (step 6).",
    ],
    7: [
        "An offering scores 1 point per different resource it counts as, plus 1.",
        "At each Season's end, for each resource: the most behind a screen scores 2; players tied for the most score "
        "1 each; nobody else scores.",
        "At the end of the game Building symbols are split into sets of different symbols, each set scoring by its "
        "size; a tie on points goes to the highest Action card in hand.",
    ],
}
