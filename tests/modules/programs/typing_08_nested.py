from typing import List, Dict, Optional, Tuple
Batch = List[Tuple[int, Optional[float]]]
print(Batch, Dict[str, List[int]], Optional[Optional[int]])
