/**
 * The demo catalogue's words and numbers: what a Lagos or Abuja furniture house might
 * sell, with naira prices. Pictures come from demo-images.ts.
 */
import type { Category } from "../../../domain/catalog/categories";
import type { ProjectCategory } from "../../../domain/catalog/project-categories";
import type { Style } from "../../../domain/catalog/styles";

export interface DemoProduct {
  name: string;
  category: Category;
  style: Style;
  /** Naira. */
  price: number;
  /** Percent off while on promotion. */
  promo?: number;
  bestSeller?: boolean;
  /** Country of make for imported pieces. */
  origin?: string;
  sold?: boolean;
  items: string;
  make?: string;
  blurb: string;
}

export interface DemoCollection {
  name: string;
  style: Style;
  promo?: number;
  bestSeller?: boolean;
  blurb: string;
  products: string[];
}

export interface DemoProject {
  title: string;
  location: string;
  category: ProjectCategory;
  style: Style;
  /** Naira. */
  budget: number;
  blurb: string;
  scope: string[];
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  // Living Room
  {
    name: "Lekki Three-Seater Sofa",
    category: "Living Room",
    style: "Modern",
    price: 1_450_000,
    bestSeller: true,
    items: "1 three-seater sofa, 2 scatter cushions",
    blurb:
      "A low, deep-seated sofa with feather-wrapped cushions and solid oak legs, made for long evenings with family.",
  },
  {
    name: "Ikoyi L-Shaped Sectional",
    category: "Living Room",
    style: "Contemporary",
    price: 3_250_000,
    promo: 12,
    items: "1 corner sectional (5 seats), 4 cushions",
    blurb:
      "A generous corner sectional in terracotta bouclé that turns any living room into the house's favourite place.",
  },
  {
    name: "Maitama Chesterfield Sofa",
    category: "Living Room",
    style: "Antique/Royal",
    price: 2_850_000,
    origin: "United Kingdom",
    items: "1 three-seater Chesterfield sofa",
    blurb: "Hand-buttoned velvet, rolled arms and turned walnut feet: a Chesterfield in the grand tradition.",
  },
  {
    name: "Ebony Custom Modular Sofa",
    category: "Living Room",
    style: "Bespoke",
    price: 2_400_000,
    items: "3 modular seats, 1 ottoman",
    blurb: "Built to your room's measurements in our Ikeja workshop, in the fabric and depth you choose.",
  },
  {
    name: "Calm Linen Two-Seater",
    category: "Living Room",
    style: "Minimalist",
    price: 980_000,
    bestSeller: true,
    items: "1 two-seater sofa",
    blurb: "Clean lines, washable linen covers and nothing you do not need.",
  },
  {
    name: "Banana Island Velvet Sofa",
    category: "Living Room",
    style: "Glam",
    price: 3_900_000,
    promo: 15,
    origin: "Italy",
    items: "1 curved four-seater sofa, 3 cushions",
    blurb: "A sweeping curved sofa in blush velvet on brushed-gold feet, the centrepiece of a statement lounge.",
  },
  {
    name: "Agege Family Sofa Set",
    category: "Living Room",
    style: "Modern",
    price: 2_150_000,
    items: "1 three-seater, 1 two-seater, 1 armchair",
    blurb: "The complete living room in one order: three pieces in hard-wearing weave, ready for a busy home.",
  },
  {
    name: "Victoria Island Lounge Sofa",
    category: "Living Room",
    style: "Contemporary",
    price: 1_780_000,
    sold: true,
    items: "1 three-seater sofa, 2 bolsters",
    blurb: "Slim arms, deep seat and a tailored back in sage weave.",
  },

  // Armchair
  {
    name: "Osun Wingback Armchair",
    category: "Armchair",
    style: "Antique/Royal",
    price: 620_000,
    bestSeller: true,
    items: "1 wingback armchair",
    blurb: "A high wingback in emerald velvet with nailhead trim, perfect beside a reading lamp.",
  },
  {
    name: "Yaba Lounge Chair",
    category: "Armchair",
    style: "Modern",
    price: 385_000,
    promo: 10,
    items: "1 lounge chair",
    blurb: "A compact lounge chair with a moulded back and tapered oak legs.",
  },
  {
    name: "Oyo Rattan Accent Chair",
    category: "Armchair",
    style: "Bespoke",
    price: 290_000,
    items: "1 accent chair, 1 seat cushion",
    blurb: "Hand-woven rattan from Oyo craftspeople on a hardwood frame.",
  },
  {
    name: "Blush Shell Armchair",
    category: "Armchair",
    style: "Glam",
    price: 540_000,
    origin: "Turkey",
    items: "1 shell-back armchair",
    blurb: "Channel-tufted velvet shaped like a shell, on polished gold legs.",
  },
  {
    name: "Serene Bouclé Armchair",
    category: "Armchair",
    style: "Minimalist",
    price: 410_000,
    items: "1 armchair",
    blurb: "Soft cream bouclé over a rounded frame: quiet, tactile and very comfortable.",
  },
  {
    name: "Jos Plateau Recliner",
    category: "Armchair",
    style: "Contemporary",
    price: 760_000,
    promo: 8,
    items: "1 manual recliner",
    blurb: "A slim recliner that hides its mechanism inside a tailored silhouette.",
  },
  {
    name: "Emir Throne Chair",
    category: "Armchair",
    style: "Antique/Royal",
    price: 950_000,
    sold: true,
    items: "1 carved armchair",
    blurb: "Carved mahogany, gold-leaf detailing and royal blue damask.",
  },
  {
    name: "Surulere Reading Chair",
    category: "Armchair",
    style: "Modern",
    price: 330_000,
    items: "1 armchair, 1 footstool",
    blurb: "A reading chair with a matching footstool, upholstered in charcoal weave.",
  },

  // Bedroom
  {
    name: "Asokoro King Bed",
    category: "Bedroom",
    style: "Antique/Royal",
    price: 2_650_000,
    bestSeller: true,
    items: "1 king bed frame (6×6 ft), 2 bedside tables",
    blurb: "A tall channelled headboard in royal velvet with bedside tables to match.",
  },
  {
    name: "Gbagada Platform Bed",
    category: "Bedroom",
    style: "Modern",
    price: 1_150_000,
    items: "1 queen platform bed (4.5×6 ft)",
    blurb: "A low platform bed in oak veneer with a floating look and soft-close storage drawers.",
  },
  {
    name: "Amara Upholstered Bed",
    category: "Bedroom",
    style: "Contemporary",
    price: 1_480_000,
    promo: 10,
    items: "1 king bed frame, 1 bench",
    blurb: "A padded headboard in terracotta linen with a matching end-of-bed bench.",
  },
  {
    name: "Nordic Calm Bed",
    category: "Bedroom",
    style: "Minimalist",
    price: 890_000,
    origin: "Denmark",
    items: "1 queen bed frame",
    blurb: "Pale ash, simple joinery and a headboard that leans gently against the wall.",
  },
  {
    name: "Ivory Tufted Bedroom Set",
    category: "Bedroom",
    style: "Glam",
    price: 3_800_000,
    promo: 18,
    items: "1 king bed, 2 bedside tables, 1 dresser with mirror",
    blurb: "A complete tufted bedroom in ivory and gold for a hotel-suite feeling at home.",
  },
  {
    name: "Enugu Hardwood Bed",
    category: "Bedroom",
    style: "Bespoke",
    price: 1_350_000,
    items: "1 king bed frame",
    blurb: "Solid iroko from a single tree, finished by hand to your chosen tone.",
  },
  {
    name: "Lagoon Storage Bed",
    category: "Bedroom",
    style: "Modern",
    price: 1_250_000,
    sold: true,
    items: "1 queen bed with hydraulic storage",
    blurb: "The whole base lifts on gas struts to store bedding and suitcases.",
  },
  {
    name: "Kaduna Canopy Bed",
    category: "Bedroom",
    style: "Antique/Royal",
    price: 2_950_000,
    items: "1 king canopy bed",
    blurb: "Four carved posts and a canopy frame for draping fabric.",
  },

  // Dining Room
  {
    name: "Owambe Eight-Seater Dining Set",
    category: "Dining Room",
    style: "Antique/Royal",
    price: 4_800_000,
    bestSeller: true,
    items: "1 extending table, 8 upholstered chairs",
    blurb: "An extending carved table with eight damask chairs, ready for the whole family on Sunday.",
  },
  {
    name: "Abeokuta Round Dining Table",
    category: "Dining Room",
    style: "Contemporary",
    price: 1_650_000,
    promo: 10,
    items: "1 round table (140 cm), 4 chairs",
    blurb: "A pedestal table in smoked oak with four curved chairs.",
  },
  {
    name: "Marble Top Dining Set",
    category: "Dining Room",
    style: "Glam",
    price: 5_200_000,
    origin: "Italy",
    items: "1 marble table, 6 velvet chairs",
    blurb: "Calacatta marble on a brushed-brass base, with six velvet chairs.",
  },
  {
    name: "Workshop Iroko Dining Table",
    category: "Dining Room",
    style: "Bespoke",
    price: 2_300_000,
    items: "1 table (220 cm), 2 benches",
    blurb: "A long iroko table with matching benches, made to the length your room allows.",
  },
  {
    name: "Pure Dining Set for Four",
    category: "Dining Room",
    style: "Minimalist",
    price: 780_000,
    bestSeller: true,
    items: "1 table (120 cm), 4 chairs",
    blurb: "Light ash and white: a compact set for apartments.",
  },
  {
    name: "Harmony Six-Seater Dining Set",
    category: "Dining Room",
    style: "Modern",
    price: 1_950_000,
    items: "1 table (180 cm), 6 chairs",
    blurb: "A rectangular table on black steel legs with six woven-seat chairs.",
  },
  {
    name: "Ibadan Bistro Set",
    category: "Dining Room",
    style: "Contemporary",
    price: 520_000,
    sold: true,
    items: "1 bistro table, 2 chairs",
    blurb: "A small round table for balconies and kitchen corners.",
  },
  {
    name: "Palace Banquet Table",
    category: "Dining Room",
    style: "Antique/Royal",
    price: 6_500_000,
    origin: "Egypt",
    items: "1 banquet table (300 cm), 10 chairs",
    blurb: "A banquet table with gilded carving for large formal dining rooms.",
  },

  // Center Table
  {
    name: "Travertine Coffee Table",
    category: "Center Table",
    style: "Minimalist",
    price: 690_000,
    origin: "Italy",
    items: "1 coffee table",
    blurb: "A single block of honed travertine, softly rounded at the edges.",
  },
  {
    name: "Lekki Nesting Tables",
    category: "Center Table",
    style: "Modern",
    price: 310_000,
    promo: 12,
    bestSeller: true,
    items: "2 nesting tables",
    blurb: "Two round tables that tuck together: one for tea, one for the tray.",
  },
  {
    name: "Gold Leaf Center Table",
    category: "Center Table",
    style: "Glam",
    price: 850_000,
    items: "1 center table",
    blurb: "A glass top resting on a sculpted gold-leaf base.",
  },
  {
    name: "Carved Mahogany Center Table",
    category: "Center Table",
    style: "Antique/Royal",
    price: 720_000,
    items: "1 center table",
    blurb: "Cabriole legs and a hand-carved apron in deep mahogany.",
  },
  {
    name: "Live-Edge Iroko Coffee Table",
    category: "Center Table",
    style: "Bespoke",
    price: 560_000,
    items: "1 coffee table",
    blurb: "A slab of iroko that keeps its natural edge, on blackened steel legs.",
  },
  {
    name: "Drum Coffee Table",
    category: "Center Table",
    style: "Contemporary",
    price: 240_000,
    items: "1 drum table",
    blurb: "A fluted drum in warm oak with a hidden storage well.",
  },
  {
    name: "Glass Oval Coffee Table",
    category: "Center Table",
    style: "Modern",
    price: 275_000,
    sold: true,
    items: "1 coffee table",
    blurb: "Tempered glass on an oak frame: light for small living rooms.",
  },
  {
    name: "Zen Low Table",
    category: "Center Table",
    style: "Minimalist",
    price: 180_000,
    items: "1 low table",
    blurb: "A low ash table for floor cushions and slow mornings.",
  },

  // Wardrobe
  {
    name: "Victoria Three-Door Wardrobe",
    category: "Wardrobe",
    style: "Modern",
    price: 1_250_000,
    bestSeller: true,
    items: "1 three-door wardrobe with drawers",
    blurb: "Hanging rails, shelves and two drawers behind handle-less oak doors.",
  },
  {
    name: "Regal Armoire",
    category: "Wardrobe",
    style: "Antique/Royal",
    price: 1_950_000,
    items: "1 two-door armoire",
    blurb: "Carved crown moulding and brass keyholes on a walnut armoire.",
  },
  {
    name: "Walk-In Wardrobe System",
    category: "Wardrobe",
    style: "Bespoke",
    price: 3_200_000,
    promo: 10,
    items: "Built-in wardrobe (per 3 m wall), lighting",
    blurb: "A built-in system designed around your room, with lit shelves and a shoe wall.",
  },
  {
    name: "Mirror Sliding Wardrobe",
    category: "Wardrobe",
    style: "Glam",
    price: 1_650_000,
    origin: "China",
    items: "1 two-door sliding wardrobe",
    blurb: "Bronze-mirrored sliding doors that double the light in the bedroom.",
  },
  {
    name: "Quiet Oak Wardrobe",
    category: "Wardrobe",
    style: "Minimalist",
    price: 880_000,
    items: "1 two-door wardrobe",
    blurb: "Plain oak doors, a full-length rail and a single shelf.",
  },
  {
    name: "Ikeja Kids Wardrobe",
    category: "Wardrobe",
    style: "Contemporary",
    price: 560_000,
    promo: 15,
    items: "1 two-door wardrobe, 1 drawer",
    blurb: "Low rails children can reach, in sage and cream.",
  },
  {
    name: "Teak Four-Door Wardrobe",
    category: "Wardrobe",
    style: "Bespoke",
    price: 2_250_000,
    sold: true,
    items: "1 four-door wardrobe",
    blurb: "Solid teak with dovetailed drawers and cedar-lined shelves.",
  },
  {
    name: "Lagos Loft Wardrobe",
    category: "Wardrobe",
    style: "Modern",
    price: 990_000,
    items: "1 open wardrobe frame, 1 cabinet",
    blurb: "An open steel frame with a closed cabinet for apartments with high ceilings.",
  },

  // TV Unit
  {
    name: "Floating Media Console",
    category: "TV Unit",
    style: "Modern",
    price: 640_000,
    bestSeller: true,
    items: "1 wall-mounted console (200 cm)",
    blurb: "A wall-hung console with cable routing and push-open drawers.",
  },
  {
    name: "Fluted Oak TV Unit",
    category: "TV Unit",
    style: "Contemporary",
    price: 720_000,
    promo: 10,
    items: "1 TV unit (180 cm)",
    blurb: "Fluted oak fronts with soft-close doors and a stone-look top.",
  },
  {
    name: "Gilded Entertainment Unit",
    category: "TV Unit",
    style: "Glam",
    price: 1_150_000,
    origin: "Turkey",
    items: "1 TV unit, 2 display cabinets",
    blurb: "Lacquered black with gold trims and two glass display towers.",
  },
  {
    name: "Heritage TV Cabinet",
    category: "TV Unit",
    style: "Antique/Royal",
    price: 980_000,
    items: "1 TV cabinet with doors",
    blurb: "Carved doors that close over the screen when guests arrive.",
  },
  {
    name: "Low Line TV Bench",
    category: "TV Unit",
    style: "Minimalist",
    price: 350_000,
    items: "1 TV bench (160 cm)",
    blurb: "A low bench in pale ash with one open shelf.",
  },
  {
    name: "Full Wall Media Unit",
    category: "TV Unit",
    style: "Bespoke",
    price: 2_600_000,
    items: "Built-in media wall (per 4 m), lighting",
    blurb: "A media wall with shelving, lighting and hidden speakers, built to fit.",
  },
  {
    name: "Compact TV Stand",
    category: "TV Unit",
    style: "Modern",
    price: 195_000,
    sold: true,
    items: "1 TV stand (120 cm)",
    blurb: "A small stand for bedrooms and studios.",
  },
  {
    name: "Abuja Slatted TV Unit",
    category: "TV Unit",
    style: "Contemporary",
    price: 560_000,
    items: "1 TV unit (200 cm)",
    blurb: "Slatted sliding doors in walnut over adjustable shelves.",
  },

  // Carpet
  {
    name: "Kano Hand-Woven Rug",
    category: "Carpet",
    style: "Bespoke",
    price: 450_000,
    bestSeller: true,
    items: "1 rug (200×300 cm)",
    blurb: "Hand-woven in Kano from natural wool, in a geometric pattern of your choice.",
  },
  {
    name: "Persian Medallion Carpet",
    category: "Carpet",
    style: "Antique/Royal",
    price: 950_000,
    origin: "Iran",
    items: "1 carpet (250×350 cm)",
    blurb: "A hand-knotted medallion carpet in deep reds and blues.",
  },
  {
    name: "Shaggy Cloud Rug",
    category: "Carpet",
    style: "Glam",
    price: 280_000,
    promo: 20,
    items: "1 rug (160×230 cm)",
    blurb: "A deep, soft shag in blush that feels like a cloud underfoot.",
  },
  {
    name: "Striped Flatweave Rug",
    category: "Carpet",
    style: "Modern",
    price: 165_000,
    items: "1 rug (160×230 cm)",
    blurb: "A reversible flatweave with bold stripes, easy to clean.",
  },
  {
    name: "Natural Jute Rug",
    category: "Carpet",
    style: "Minimalist",
    price: 120_000,
    items: "1 rug (200×290 cm)",
    blurb: "Undyed jute with a herringbone weave.",
  },
  {
    name: "Abstract Wool Rug",
    category: "Carpet",
    style: "Contemporary",
    price: 390_000,
    promo: 10,
    items: "1 rug (200×300 cm)",
    blurb: "Tufted wool in an abstract print of terracotta, sage and cream.",
  },
  {
    name: "Round Medallion Rug",
    category: "Carpet",
    style: "Antique/Royal",
    price: 340_000,
    sold: true,
    items: "1 round rug (200 cm)",
    blurb: "A round rug with a classic medallion for dining rooms.",
  },
  {
    name: "Runner for Hallways",
    category: "Carpet",
    style: "Modern",
    price: 85_000,
    items: "1 runner (80×300 cm)",
    blurb: "A slim runner that keeps corridors quiet and warm.",
  },
];

export const DEMO_COLLECTIONS: DemoCollection[] = [
  {
    name: "The Lekki Living Collection",
    style: "Modern",
    bestSeller: true,
    blurb: "Everything for a calm modern living room, chosen to work together.",
    products: ["Lekki Three-Seater Sofa", "Surulere Reading Chair", "Lekki Nesting Tables", "Striped Flatweave Rug"],
  },
  {
    name: "Royal Maitama Lounge",
    style: "Antique/Royal",
    promo: 10,
    blurb: "Velvet, carved wood and gold for a formal reception room.",
    products: [
      "Maitama Chesterfield Sofa",
      "Osun Wingback Armchair",
      "Carved Mahogany Center Table",
      "Persian Medallion Carpet",
    ],
  },
  {
    name: "Terracotta Living Set",
    style: "Contemporary",
    blurb: "Warm earth tones and soft curves for a relaxed family room.",
    products: ["Ikoyi L-Shaped Sectional", "Drum Coffee Table", "Abstract Wool Rug"],
  },
  {
    name: "Blush & Gold Lounge",
    style: "Glam",
    promo: 12,
    blurb: "A statement lounge in blush velvet and brushed gold.",
    products: ["Banana Island Velvet Sofa", "Blush Shell Armchair", "Gold Leaf Center Table", "Shaggy Cloud Rug"],
  },
  {
    name: "Quiet Home Essentials",
    style: "Minimalist",
    bestSeller: true,
    blurb: "Pale woods and soft neutrals for a home that breathes.",
    products: ["Calm Linen Two-Seater", "Serene Bouclé Armchair", "Travertine Coffee Table", "Natural Jute Rug"],
  },
  {
    name: "Workshop Made Living",
    style: "Bespoke",
    blurb: "Made to measure in our workshop, from sofa to rug.",
    products: [
      "Ebony Custom Modular Sofa",
      "Oyo Rattan Accent Chair",
      "Live-Edge Iroko Coffee Table",
      "Kano Hand-Woven Rug",
    ],
  },
  {
    name: "Asokoro Master Suite",
    style: "Antique/Royal",
    blurb: "A regal bedroom with matching armoire.",
    products: ["Asokoro King Bed", "Regal Armoire", "Round Medallion Rug"],
  },
  {
    name: "Modern Bedroom Suite",
    style: "Modern",
    promo: 8,
    blurb: "A platform bed, wardrobe and media console in matching oak.",
    products: ["Gbagada Platform Bed", "Victoria Three-Door Wardrobe", "Floating Media Console"],
  },
  {
    name: "Glam Dining Experience",
    style: "Glam",
    blurb: "Marble, velvet and mirrored storage for memorable dinners.",
    products: ["Marble Top Dining Set", "Mirror Sliding Wardrobe", "Gilded Entertainment Unit"],
  },
  {
    name: "Contemporary Family Dining",
    style: "Contemporary",
    blurb: "A round table, a fluted console and a kid-friendly wardrobe.",
    products: ["Abeokuta Round Dining Table", "Fluted Oak TV Unit", "Ikeja Kids Wardrobe"],
  },
];

export const DEMO_PROJECTS: DemoProject[] = [
  {
    title: "Banana Island Family Residence",
    location: "Banana Island, Lagos",
    category: "Residential",
    style: "Glam",
    budget: 85_000_000,
    blurb: "A five-bedroom waterfront home furnished from entrance hall to rooftop terrace.",
    scope: [
      "Space planning for living, dining and five bedrooms",
      "Custom sofas, beds and wardrobes",
      "Lighting design and installation",
      "Curtains, rugs and art selection",
    ],
  },
  {
    title: "Maitama Diplomat's Home",
    location: "Maitama, Abuja",
    category: "Residential",
    style: "Antique/Royal",
    budget: 62_500_000,
    blurb: "Formal reception rooms with carved furniture and silk drapery for a diplomat's residence.",
    scope: ["Reception and formal dining furniture", "Carved wall panels", "Master suite with walk-in wardrobe"],
  },
  {
    title: "Lekki Phase 1 Duplex",
    location: "Lekki Phase 1, Lagos",
    category: "Residential",
    style: "Modern",
    budget: 28_000_000,
    blurb: "A young family's duplex: durable fabrics, clever storage and a bright open-plan ground floor.",
    scope: ["Open-plan living and dining", "Kids' bedrooms with storage beds", "Home office corner"],
  },
  {
    title: "GRA Port Harcourt Apartment",
    location: "GRA Phase 2, Port Harcourt",
    category: "Residential",
    style: "Minimalist",
    budget: 14_500_000,
    blurb: "A calm three-bedroom apartment with pale woods and linen.",
    scope: ["Furniture package for three bedrooms", "Built-in wardrobes", "Window treatments"],
  },
  {
    title: "Victoria Island Fintech Office",
    location: "Victoria Island, Lagos",
    category: "Commercial",
    style: "Contemporary",
    budget: 120_000_000,
    blurb: "Two floors of workstations, meeting rooms and a café for 180 staff.",
    scope: [
      "180 workstations and task chairs",
      "Eight meeting rooms",
      "Breakout café and phone booths",
      "Acoustic wall panels",
    ],
  },
  {
    title: "Wuse II Law Chambers",
    location: "Wuse II, Abuja",
    category: "Commercial",
    style: "Antique/Royal",
    budget: 38_000_000,
    blurb: "Partners' offices in walnut and leather with a library conference room.",
    scope: ["Partners' desks and bookcases", "Library conference room", "Reception lounge"],
  },
  {
    title: "Ikeja Co-working Hub",
    location: "Ikeja GRA, Lagos",
    category: "Commercial",
    style: "Modern",
    budget: 24_000_000,
    blurb: "A flexible co-working floor with hot desks, booths and a lounge.",
    scope: ["Hot desks and lockers", "Soundproof booths", "Lounge seating"],
  },
  {
    title: "Eko Boutique Hotel Lobby",
    location: "Ikoyi, Lagos",
    category: "Hospitality",
    style: "Glam",
    budget: 75_000_000,
    blurb: "A lobby, bar and twenty guest rooms for a boutique hotel.",
    scope: ["Lobby lounge and bar", "20 guest room furniture packages", "Custom headboards and wardrobes"],
  },
  {
    title: "Calabar Riverside Restaurant",
    location: "Marina, Calabar",
    category: "Hospitality",
    style: "Bespoke",
    budget: 31_000_000,
    blurb: "A 120-cover restaurant with iroko tables made in our workshop.",
    scope: ["Dining tables and banquettes", "Bar counter and stools", "Terrace furniture"],
  },
  {
    title: "Enugu Hillside Lodge",
    location: "Independence Layout, Enugu",
    category: "Hospitality",
    style: "Contemporary",
    budget: 46_000_000,
    blurb: "A lodge of twelve suites and a lounge looking over the hills.",
    scope: ["12 suites", "Lounge and dining room", "Outdoor deck furniture"],
  },
  {
    title: "Surulere Kitchen Renovation",
    location: "Surulere, Lagos",
    category: "Renovation",
    style: "Modern",
    budget: 9_800_000,
    blurb: "A dated kitchen rebuilt with new cabinets, quartz tops and better light.",
    scope: ["Demolition and rewiring", "Kitchen cabinets and quartz tops", "Appliance installation"],
  },
  {
    title: "Ibadan Heritage House Restoration",
    location: "Bodija, Ibadan",
    category: "Renovation",
    style: "Antique/Royal",
    budget: 52_000_000,
    blurb: "A 1970s family house restored with care, its original doors and floors kept.",
    scope: [
      "Structural repairs and new roof",
      "Restored wooden floors and doors",
      "New kitchen and bathrooms",
      "Furniture restoration",
    ],
  },
];

/** What one load of the demo holds: the whole demo (DEMO_CATALOG), or a part of it for tests. */
export interface DemoCatalog {
  products: DemoProduct[];
  /** Each names only products of `products`. */
  collections: DemoCollection[];
  projects: DemoProject[];
}

export const DEMO_CATALOG: DemoCatalog = {
  products: DEMO_PRODUCTS,
  collections: DEMO_COLLECTIONS,
  projects: DEMO_PROJECTS,
};

const STYLE_NOTES: Record<Style, string> = {
  Modern: "Clean silhouettes in oak and charcoal that sit easily in new-build homes.",
  Contemporary: "Warm, earthy colours and soft curves for relaxed family living.",
  "Antique/Royal": "Carved hardwoods, rich velvets and gold details in the grand tradition.",
  Bespoke: "Made to order in our Lagos workshop: choose the size, wood and fabric.",
  Minimalist: "Pale woods and natural fibres, nothing more than the room needs.",
  Glam: "Velvet, marble and brushed gold for rooms that make an entrance.",
};

const CARE: Record<Category, string> = {
  "Living Room": "Removable covers; vacuum weekly and blot spills at once.",
  Armchair: "Vacuum the upholstery weekly; keep out of direct sun.",
  Bedroom: "Mattress not included; fits standard Nigerian mattress sizes.",
  "Dining Room": "Use coasters and mats; wipe with a damp cloth.",
  "Center Table": "Wipe with a soft dry cloth; avoid harsh cleaners.",
  Wardrobe: "Delivered flat and assembled in your home by our team.",
  "TV Unit": "Holds screens up to 85 inches; cable management included.",
  Carpet: "Professional cleaning once a year keeps the pile fresh.",
};

export function productDescription(product: DemoProduct): string {
  const made = product.origin ? `Imported from ${product.origin}.` : "Made in Nigeria.";
  return `<p>${product.blurb}</p><p>${STYLE_NOTES[product.style]}</p><ul><li>${product.items}</li><li>${made}</li><li>${CARE[product.category]}</li></ul>`;
}

export function collectionDescription(collection: DemoCollection): string {
  return `<p>${collection.blurb}</p><p>${STYLE_NOTES[collection.style]}</p><p>Order the whole collection and we deliver and arrange it in one visit.</p>`;
}

export function projectDescription(project: DemoProject): string {
  return `<p>${project.blurb}</p><ul>${project.scope.map((line) => `<li>${line}</li>`).join("")}</ul>`;
}

/** What a demo piece is made of, its size and the finishes or fabrics it comes in, by category. */
const FURNITURE_BY_CATEGORY: Record<
  Category,
  { size: [number, number, number, number | null]; materials: string; options: string[] }
> = {
  "Living Room": {
    size: [220, 95, 82, 45],
    materials: "Kiln-dried hardwood frame, high-resilience foam, woven upholstery",
    options: ["Sand linen", "Emerald velvet", "Charcoal bouclé"],
  },
  Armchair: {
    size: [82, 86, 96, 44],
    materials: "Solid iroko frame, foam and fibre cushions, velvet upholstery",
    options: ["Ivory bouclé", "Terracotta velvet"],
  },
  Bedroom: {
    size: [196, 222, 120, null],
    materials: "Solid mahogany frame, padded headboard, slatted base",
    options: ["Natural oak", "Espresso"],
  },
  "Dining Room": {
    size: [180, 95, 76, 47],
    materials: "Solid iroko top, powder-coated steel base",
    options: ["Natural iroko", "Dark walnut"],
  },
  "Center Table": {
    size: [120, 65, 42, null],
    materials: "Iroko and brass",
    options: [],
  },
  Wardrobe: {
    size: [180, 60, 220, null],
    materials: "Teak veneer over marine plywood, soft-close hinges",
    options: ["White oak", "Walnut"],
  },
  "TV Unit": {
    size: [200, 45, 55, null],
    materials: "Oak veneer, tempered glass, steel handles",
    options: ["Oak", "Matte black"],
  },
  Carpet: {
    size: [240, 170, 1, null],
    materials: "Hand-knotted wool and cotton",
    options: [],
  },
};

export interface DemoFurniture {
  dimensions: { width: number; depth: number; height: number; seatHeight: number | null };
  materials: string;
  availability: { kind: "in_stock" | "made_to_order" | "imported"; weeksFrom: number | null; weeksTo: number | null };
  options: string[];
}

/**
 * A demo piece's furniture details: imports ship in 8 to 10 weeks, every third piece is
 * made to order in 4 to 6, the rest are in stock.
 */
export function demoFurniture(demo: DemoProduct, index: number): DemoFurniture {
  const { size, materials, options } = FURNITURE_BY_CATEGORY[demo.category];
  const [width, depth, height, seatHeight] = size;
  const availability: DemoFurniture["availability"] = demo.origin
    ? { kind: "imported", weeksFrom: 8, weeksTo: 10 }
    : index % 3 === 0
      ? { kind: "made_to_order", weeksFrom: 4, weeksTo: 6 }
      : { kind: "in_stock", weeksFrom: null, weeksTo: null };
  return { dimensions: { width, depth, height, seatHeight }, materials, availability, options };
}

/** The colour each demo finish is drawn in: its swatch, and its photos when it has some. */
export const FINISH_COLOURS: Record<string, string> = {
  "Sand linen": "#CDBB9A",
  "Emerald velvet": "#2F5D50",
  "Charcoal bouclé": "#55524E",
  "Ivory bouclé": "#EDE6D8",
  "Terracotta velvet": "#B5654A",
  "Natural oak": "#C8A46E",
  Espresso: "#4B3426",
  "Natural iroko": "#A8733F",
  "Dark walnut": "#5A3A24",
  "White oak": "#D8C7A6",
  Walnut: "#6E4B33",
  Oak: "#B8905E",
  "Matte black": "#2B2B2B",
};

/**
 * The pieces the demo shows finishes off with, each finish and what it adds to the price
 * (naira), as a fabric grade would: the piece's own pictures show it in its first finish,
 * and each other finish has photos of the piece in it.
 */
export const SHOWCASE_FINISHES: Record<string, Record<string, number>> = {
  "Lekki Three-Seater Sofa": { "Sand linen": 0, "Emerald velvet": 120_000, "Charcoal bouclé": 60_000 },
};
