# Counterplay app image. Configure with DATABASE_URL and REDIS_URL (see docker-compose.yml).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app

COPY pyproject.toml README.md alembic.ini ./
COPY server ./server
COPY migrations ./migrations
COPY frontend ./frontend
RUN pip install --no-cache-dir -e . \
 && useradd --create-home --uid 1000 counterplay \
 && mkdir -p /data && chown counterplay /data

USER counterplay
# The embedded default keeps its SQLite file in /data; production sets DATABASE_URL.
ENV DATABASE_URL=sqlite:////data/counterplay.db
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/games')"
CMD ["counterplay", "serve", "--host", "0.0.0.0", "--port", "8000"]
