// Hand-made word lists the engine reads besides the frequency list. Kept short and
// commercial: they mark what buyers pay for (keyword categories), what they avoid or
// treat differently (adult, gambling) and what invites a trademark complaint (brands).

export interface CategoryDef {
  id: string;
  label: string;
  /** Default staff premium, percent (0-100), applied when a name falls in the category. */
  defaultPercentage: number;
  words: string[];
}

export const CATEGORIES: CategoryDef[] = [
  { id: 'finance', label: 'finance', defaultPercentage: 20, words: ['bank', 'banks', 'banking', 'loan', 'loans', 'credit', 'cash', 'money', 'pay', 'payment', 'payments', 'fund', 'funds', 'invest', 'investing', 'investment', 'capital', 'finance', 'financial', 'wealth', 'bonds', 'bond', 'stock', 'stocks', 'trade', 'trading', 'forex', 'tax', 'taxes', 'mortgage', 'mortgages', 'equity', 'asset', 'assets', 'wallet', 'card', 'cards', 'debt', 'lend', 'lending', 'budget', 'rich', 'gold', 'fx', 'fintech', 'cpa', 'accounting', 'pension', 'retire', 'retirement', 'savings', 'broker', 'exchange'] },
  { id: 'insurance', label: 'insurance', defaultPercentage: 25, words: ['insurance', 'insure', 'insured', 'insurer', 'assurance', 'quote', 'quotes', 'coverage', 'policy', 'claims', 'claim', 'annuity', 'warranty'] },
  { id: 'realestate', label: 'real estate', defaultPercentage: 15, words: ['realty', 'realtor', 'realtors', 'estate', 'estates', 'homes', 'home', 'house', 'houses', 'property', 'properties', 'rent', 'rental', 'rentals', 'apartment', 'apartments', 'condo', 'condos', 'land', 'lots', 'villa', 'villas', 'housing', 'lease', 'mortgage', 'broker'] },
  { id: 'travel', label: 'travel', defaultPercentage: 10, words: ['travel', 'travels', 'hotel', 'hotels', 'flight', 'flights', 'trip', 'trips', 'tour', 'tours', 'cruise', 'cruises', 'vacation', 'vacations', 'holiday', 'holidays', 'resort', 'resorts', 'airline', 'airlines', 'booking', 'jet', 'jets', 'tickets', 'ticket', 'visa', 'safari', 'beach', 'island'] },
  { id: 'health', label: 'health', defaultPercentage: 10, words: ['health', 'healthy', 'medical', 'med', 'meds', 'doctor', 'doctors', 'clinic', 'clinics', 'care', 'dental', 'dentist', 'pharmacy', 'drug', 'drugs', 'rx', 'diet', 'fitness', 'fit', 'yoga', 'therapy', 'wellness', 'vitamin', 'vitamins', 'cancer', 'diabetes', 'nurse', 'hospital', 'surgery', 'cbd', 'keto', 'rehab', 'spa', 'mental', 'bio'] },
  { id: 'legal', label: 'legal', defaultPercentage: 15, words: ['law', 'laws', 'lawyer', 'lawyers', 'legal', 'attorney', 'attorneys', 'injury', 'divorce', 'court', 'justice', 'lawsuit', 'patent', 'patents', 'trademark', 'notary'] },
  { id: 'tech', label: 'technology', defaultPercentage: 10, words: ['tech', 'software', 'cloud', 'data', 'app', 'apps', 'web', 'net', 'digital', 'cyber', 'code', 'dev', 'host', 'hosting', 'server', 'servers', 'online', 'mobile', 'smart', 'labs', 'lab', 'robot', 'robotics', 'computer', 'computers', 'network', 'systems', 'security', 'api', 'saas', 'chip', 'chips', 'quantum', 'internet', 'email', 'mail', 'search', 'tv', 'video', 'media', 'social', 'phone', 'phones', 'wifi', 'iot', 'vr', 'ar'] },
  { id: 'ai', label: 'artificial intelligence', defaultPercentage: 20, words: ['ai', 'gpt', 'neural', 'intelligence', 'intelligent', 'agent', 'agents', 'bot', 'bots', 'chat', 'chatbot', 'llm', 'ml', 'machine', 'learning', 'vision', 'cognitive', 'automation', 'autonomous', 'prompt', 'genai'] },
  { id: 'crypto', label: 'crypto and web3', defaultPercentage: 10, words: ['crypto', 'bitcoin', 'btc', 'eth', 'ether', 'ethereum', 'coin', 'coins', 'token', 'tokens', 'blockchain', 'chain', 'defi', 'nft', 'nfts', 'dao', 'web3', 'swap', 'mint', 'ledger', 'block', 'blocks', 'satoshi', 'stake', 'staking', 'dex'] },
  { id: 'auto', label: 'automotive', defaultPercentage: 10, words: ['car', 'cars', 'auto', 'autos', 'motor', 'motors', 'truck', 'trucks', 'vehicle', 'vehicles', 'tire', 'tires', 'bike', 'bikes', 'moto', 'drive', 'driver', 'drivers', 'parts', 'ev', 'garage', 'wheels', 'parking', 'taxi', 'rides', 'ride'] },
  { id: 'shopping', label: 'shopping and e-commerce', defaultPercentage: 10, words: ['shop', 'shops', 'store', 'stores', 'buy', 'sell', 'sale', 'sales', 'deal', 'deals', 'market', 'markets', 'marketplace', 'mall', 'outlet', 'coupon', 'coupons', 'discount', 'gift', 'gifts', 'giftcard', 'cart', 'order', 'orders', 'shipping', 'delivery', 'wholesale', 'retail', 'price', 'prices', 'cheap', 'bargain', 'auction', 'auctions'] },
  { id: 'food', label: 'food and drink', defaultPercentage: 5, words: ['food', 'foods', 'pizza', 'coffee', 'tea', 'wine', 'wines', 'beer', 'beers', 'vodka', 'whiskey', 'bar', 'grill', 'cafe', 'kitchen', 'recipe', 'recipes', 'cook', 'cooking', 'chef', 'bakery', 'burger', 'sushi', 'restaurant', 'restaurants', 'catering', 'organic', 'vegan', 'chocolate', 'candy', 'meat', 'fresh', 'juice', 'water', 'drinks', 'drink', 'eat', 'snack', 'snacks'] },
  { id: 'fashion', label: 'fashion and beauty', defaultPercentage: 5, words: ['fashion', 'style', 'shoes', 'shoe', 'dress', 'dresses', 'jewelry', 'diamond', 'diamonds', 'watch', 'watches', 'beauty', 'makeup', 'cosmetics', 'skin', 'skincare', 'hair', 'salon', 'nails', 'perfume', 'luxury', 'bags', 'wear', 'apparel', 'clothing', 'boutique', 'wedding', 'bridal', 'ring', 'rings'] },
  { id: 'education', label: 'education', defaultPercentage: 5, words: ['school', 'schools', 'college', 'university', 'academy', 'learn', 'course', 'courses', 'class', 'classes', 'tutor', 'tutoring', 'study', 'edu', 'education', 'training', 'teach', 'teacher', 'kids', 'exam', 'degree', 'language'] },
  { id: 'jobs', label: 'jobs and business services', defaultPercentage: 5, words: ['job', 'jobs', 'career', 'careers', 'hire', 'hiring', 'work', 'staff', 'staffing', 'recruit', 'talent', 'consulting', 'consult', 'agency', 'services', 'solutions', 'group', 'partners', 'hq', 'office', 'business', 'biz', 'startup', 'ventures', 'marketing', 'ads', 'advertising', 'seo', 'brand', 'design'] },
  { id: 'energy', label: 'energy', defaultPercentage: 10, words: ['energy', 'solar', 'power', 'oil', 'gas', 'electric', 'battery', 'batteries', 'wind', 'fuel', 'green', 'carbon', 'hydrogen', 'nuclear', 'climate'] },
  { id: 'games', label: 'games and entertainment', defaultPercentage: 5, words: ['game', 'games', 'gaming', 'play', 'player', 'players', 'fun', 'movie', 'movies', 'film', 'films', 'music', 'radio', 'news', 'sports', 'sport', 'golf', 'football', 'soccer', 'tennis', 'esports', 'stream', 'live', 'show', 'star', 'stars', 'fan', 'fans'] },
  { id: 'pets', label: 'pets', defaultPercentage: 5, words: ['pet', 'pets', 'dog', 'dogs', 'cat', 'cats', 'puppy', 'puppies', 'vet', 'horse', 'horses'] },
  { id: 'dating', label: 'dating', defaultPercentage: 5, words: ['dating', 'date', 'love', 'singles', 'match', 'romance', 'marry', 'flirt', 'hookup'] },
  { id: 'home', label: 'home and garden', defaultPercentage: 5, words: ['furniture', 'garden', 'plumbing', 'plumber', 'roofing', 'roof', 'repair', 'cleaning', 'clean', 'paint', 'decor', 'kitchens', 'pool', 'pools', 'lighting', 'flooring', 'hvac', 'builders', 'construction', 'tools'] },
];

export const ADULT_WORDS = new Set(['sex', 'porn', 'porno', 'xxx', 'adult', 'nude', 'nudes', 'naked', 'escort', 'escorts', 'milf', 'cams', 'webcam', 'erotic', 'erotica', 'fetish', 'hentai', 'nsfw', 'sexy', 'boobs', 'tits', 'pussy', 'dick', 'cock', 'fuck', 'gay', 'lesbian', 'bdsm', 'strip', 'stripper', 'hooker', 'hookers', 'swinger', 'swingers', 'playboy', 'onlyfans', 'vibrator', 'dildo', 'anal', 'orgy']);

export const GAMBLING_WORDS = new Set(['casino', 'casinos', 'poker', 'bet', 'bets', 'betting', 'slot', 'slots', 'lottery', 'lotto', 'bingo', 'gamble', 'gambling', 'jackpot', 'roulette', 'blackjack', 'sportsbook', 'odds', 'wager', 'baccarat', 'keno', 'spins']);

// Well-known marks whose names in someone else's domain draw complaints (UDRP).
// Words that are also ordinary English (apple, shell, target...) only count when the
// rest of the name points at the brand's own trade, so they are in BRAND_COMMON_WORDS.
export const BRANDS = new Set(['google', 'youtube', 'facebook', 'instagram', 'whatsapp', 'amazon', 'microsoft', 'windows', 'xbox', 'netflix', 'paypal', 'ebay', 'twitter', 'tiktok', 'snapchat', 'linkedin', 'pinterest', 'reddit', 'yahoo', 'bing', 'adobe', 'oracle', 'ibm', 'intel', 'nvidia', 'samsung', 'sony', 'nintendo', 'playstation', 'huawei', 'xiaomi', 'lenovo', 'dell', 'toshiba', 'panasonic', 'philips', 'siemens', 'bosch', 'nike', 'adidas', 'puma', 'reebok', 'gucci', 'prada', 'chanel', 'hermes', 'rolex', 'omega', 'cartier', 'tiffany', 'louisvuitton', 'zara', 'ikea', 'walmart', 'costco', 'tesco', 'disney', 'pixar', 'marvel', 'hbo', 'hulu', 'spotify', 'uber', 'lyft', 'airbnb', 'expedia', 'tripadvisor', 'booking', 'visa', 'mastercard', 'amex', 'citibank', 'hsbc', 'barclays', 'jpmorgan', 'goldman', 'tesla', 'toyota', 'honda', 'nissan', 'bmw', 'mercedes', 'audi', 'porsche', 'ferrari', 'lamborghini', 'volkswagen', 'ford', 'chevrolet', 'chevy', 'hyundai', 'kia', 'mazda', 'subaru', 'volvo', 'cocacola', 'coca', 'pepsi', 'starbucks', 'mcdonalds', 'kfc', 'nestle', 'heineken', 'budweiser', 'redbull', 'marlboro', 'loreal', 'colgate', 'gillette', 'pampers', 'lego', 'mattel', 'barbie', 'pokemon', 'fortnite', 'roblox', 'minecraft', 'openai', 'chatgpt', 'anthropic', 'claude', 'gemini', 'android', 'iphone', 'ipad', 'macbook', 'icloud', 'gmail', 'hotmail', 'outlook', 'skype', 'zoom', 'slack', 'shopify', 'wordpress', 'godaddy', 'fedex', 'ups', 'dhl', 'boeing', 'airbus', 'harley', 'yamaha', 'canon', 'nikon', 'kodak', 'xerox', 'verizon', 'att', 'tmobile', 'vodafone', 'telstra', 'alibaba', 'aliexpress', 'taobao', 'tencent', 'baidu', 'wechat', 'binance', 'coinbase', 'metamask']);
export const BRAND_COMMON_WORDS = new Set(['apple', 'shell', 'target', 'amazon', 'windows', 'omega', 'visa', 'booking', 'zoom', 'slack', 'gemini', 'claude', 'puma', 'canon', 'ford', 'dell', 'kia', 'oracle', 'android', 'outlook', 'marvel', 'coca', 'ups', 'att']);

export const GENERIC_PREFIXES = ['get', 'my', 'the', 'go', 'try', 'use', 'join', 'hey', 'we', 'be', 'i', 'e', 'a'];
export const GENERIC_SUFFIXES = ['hub', 'ly', 'ify', 'app', 'hq', 'lab', 'labs', 'box', 'pro', 'online', 'shop', 'store', 'now', 'world', 'group', 'co', 'inc', 'site', 'web', 'io'];

// Place names buyers pay for (geo names with a service keyword are a classic aftermarket type).
export const GEO_WORDS = new Set(['america', 'usa', 'london', 'paris', 'tokyo', 'china', 'india', 'japan', 'korea', 'germany', 'france', 'italy', 'spain', 'canada', 'mexico', 'brazil', 'texas', 'florida', 'california', 'miami', 'vegas', 'dallas', 'houston', 'austin', 'chicago', 'boston', 'york', 'newyork', 'la', 'nyc', 'dubai', 'sydney', 'melbourne', 'toronto', 'vancouver', 'berlin', 'europe', 'asia', 'africa', 'hawaii', 'seattle', 'denver', 'atlanta', 'orlando', 'phoenix', 'nashville', 'portland', 'ohio', 'georgia', 'carolina', 'virginia', 'arizona', 'colorado', 'singapore', 'hongkong', 'shanghai', 'beijing', 'moscow', 'russia', 'australia', 'ireland', 'scotland', 'england', 'british', 'american', 'global', 'world', 'city', 'local']);

/**
 * Rough price weight of an extension relative to .com (1.0), from aftermarket experience:
 * legacy gTLDs and big ccTLDs hold value, most new gTLDs resell near registration cost.
 */
export const TLD_WEIGHTS: Record<string, number> = {
  com: 1, ai: 0.75, io: 0.6, co: 0.5, net: 0.45, org: 0.45, de: 0.45, 'co.uk': 0.4, uk: 0.35, ca: 0.35,
  app: 0.35, dev: 0.3, me: 0.3, tv: 0.3, cc: 0.25, us: 0.3, eu: 0.3, nl: 0.35, fr: 0.3, ch: 0.35, au: 0.3,
  'com.au': 0.35, es: 0.3, it: 0.3, be: 0.3, at: 0.3, se: 0.3, dk: 0.3, no: 0.3, fi: 0.25, pl: 0.25,
  cn: 0.35, 'com.cn': 0.3, jp: 0.3, 'co.jp': 0.25, kr: 0.25, in: 0.25, 'co.in': 0.2, br: 0.25, 'com.br': 0.25,
  mx: 0.25, ru: 0.25, gg: 0.3, vc: 0.3, so: 0.25, sh: 0.25, to: 0.25, fm: 0.25, ly: 0.25, gl: 0.2, id: 0.25,
  info: 0.2, biz: 0.15, mobi: 0.1, pro: 0.15, xyz: 0.12, online: 0.1, site: 0.08, store: 0.12, shop: 0.15,
  tech: 0.12, club: 0.1, top: 0.06, live: 0.12, life: 0.1, world: 0.1, space: 0.08, website: 0.06,
  xxx: 0.3, inc: 0.2, art: 0.12, design: 0.12, studio: 0.12, agency: 0.12, finance: 0.15, capital: 0.15,
  games: 0.12, game: 0.12, bet: 0.2, casino: 0.2, poker: 0.2, plus: 0.1, network: 0.1, cloud: 0.15,
  chat: 0.15, bot: 0.15, fun: 0.08, icu: 0.04, buzz: 0.06, cyou: 0.03, sbs: 0.03, click: 0.06, link: 0.08,
};

export const LEGACY_GTLDS = new Set(['com', 'net', 'org', 'info', 'biz', 'mobi', 'pro', 'name', 'tel', 'asia', 'jobs', 'travel', 'aero', 'coop', 'museum', 'cat', 'xxx', 'int', 'edu', 'gov', 'mil']);
